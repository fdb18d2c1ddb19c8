#!/usr/bin/env python3
"""Capture real TLS handshakes on loopback and write them as Swift test vectors.

    sudo python3 Tests/Tools/capture-tls-vectors.py

writes Tests/TLSWireTests/Vectors/RealHandshakes.swift and curl's ClientHello (read by the
TLSWire, JA3/JA4 and golden output tests) to Tests/TestSupport/Vectors/CurlClientHello.swift
(run from the package root).

Needs: openssl (s_server, s_client), curl, tcpdump (root, capturing on lo only), and
tshark, whose own JA3 of curl's hello the tests compare against.
Each scenario starts `openssl s_server` on 127.0.0.1 at a free port, runs one client
against it, and keeps:
  - the handshake messages as OpenSSL's message callback saw them (`-msg`: each message
    with its 4-byte header, TLS 1.3's encrypted ones already decrypted), and
  - for some scenarios the raw TCP byte stream of each direction from a tcpdump capture
    of that port on lo, to feed the record layer.
Keys, randoms and certificates are new on every run, so the output differs each time;
the tests check structure and fields, not these bytes. Nothing leaves 127.0.0.1.
"""

import os
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

OPENSSL = "openssl"


def run(args, **kw):
    return subprocess.run(args, check=True, capture_output=True, **kw)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_pki(d):
    """Server CA + EC server certificate, RSA server certificate, client CA + client cert."""
    def key(name, spec):
        path = os.path.join(d, name + ".key")
        if spec == "ec":
            run([OPENSSL, "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path])
        else:
            run([OPENSSL, "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path])
        return path

    def ca(name, subject):
        k = key(name, "ec")
        crt = os.path.join(d, name + ".pem")
        run([OPENSSL, "req", "-x509", "-new", "-key", k, "-subj", subject, "-days", "30",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
             "-out", crt])
        return crt, k

    def leaf(name, spec, subject, issuer, ext):
        k = key(name, spec)
        csr = os.path.join(d, name + ".csr")
        crt = os.path.join(d, name + ".pem")
        extfile = os.path.join(d, name + ".ext")
        with open(extfile, "w") as f:
            f.write(ext)
        run([OPENSSL, "req", "-new", "-key", k, "-subj", subject, "-out", csr])
        run([OPENSSL, "x509", "-req", "-in", csr, "-CA", issuer[0], "-CAkey", issuer[1], "-CAcreateserial",
             "-days", "30", "-extfile", extfile, "-out", crt])
        return crt, k

    server_ca = ca("server-ca", "/O=tlsprobe tests/CN=tlsprobe server CA")
    client_ca = ca("client-ca", "/O=tlsprobe tests/CN=tlsprobe client CA")
    server_ext = "subjectAltName=DNS:tlsprobe.test,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n"
    return {
        "server_ca": server_ca,
        "client_ca": client_ca,
        "server_ec": leaf("server-ec", "ec", "/CN=tlsprobe.test", server_ca, server_ext),
        "server_rsa": leaf("server-rsa", "rsa", "/CN=tlsprobe.test", server_ca, server_ext),
        "client": leaf("client", "ec", "/CN=front desk", client_ca, "extendedKeyUsage=clientAuth\n"),
    }


MSG_HEAD = re.compile(r"^(>>>|<<<) (\S+ \S+), (\w+) \[length ([0-9a-f]+)\](?:, (\w+))?")


def parse_msg_output(text):
    """`-msg` output -> [(direction, content, name, bytes)]; direction '>>>' = sent."""
    out = []
    current = None
    for line in text.splitlines():
        m = MSG_HEAD.match(line)
        if m:
            current = [m.group(1), m.group(3), m.group(5) or m.group(3), bytearray()]
            out.append(current)
            continue
        if current is not None and line.startswith("    ") and re.fullmatch(r"[0-9a-f ]+", line.strip()):
            current[3] += bytes.fromhex(line.strip())
        else:
            current = None
    return [(d, c, n, bytes(b)) for d, c, n, b in out]


def read_pcap_streams(path, port):
    """Loopback pcap (Ethernet link type) -> {'client': bytes, 'server': bytes} for one TCP connection."""
    with open(path, "rb") as f:
        data = f.read()
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    linktype = struct.unpack(endian + "I", data[20:24])[0]
    assert linktype == 1, "expected Ethernet link type on lo"
    offset = 24
    segments = {"client": {}, "server": {}}
    while offset + 16 <= len(data):
        _, _, incl, _ = struct.unpack(endian + "IIII", data[offset:offset + 16])
        frame = data[offset + 16:offset + 16 + incl]
        offset += 16 + incl
        if len(frame) < 14 or frame[12:14] != b"\x08\x00":
            continue
        ip = frame[14:]
        ihl = (ip[0] & 0x0F) * 4
        if ip[9] != 6:
            continue
        total = struct.unpack(">H", ip[2:4])[0]
        tcp = ip[ihl:total]
        sport, dport, seq = struct.unpack(">HHI", tcp[:8])
        payload = tcp[(tcp[12] >> 4) * 4:]
        if not payload:
            continue
        side = "server" if sport == port else "client"
        segments[side].setdefault(seq, payload)
    streams = {}
    for side, by_seq in segments.items():
        out = bytearray()
        next_seq = None
        for seq in sorted(by_seq):
            payload = by_seq[seq]
            if next_seq is not None and seq < next_seq:
                payload = payload[next_seq - seq:]
            out += payload
            next_seq = seq + len(by_seq[seq]) if next_seq is None or seq + len(by_seq[seq]) > next_seq else next_seq
        streams[side] = bytes(out)
    return streams


def leading_records(stream, encrypted_records):
    """The stream's first records: all before the first application_data record, plus
    `encrypted_records` application_data records (TLS 1.3's encrypted handshake)."""
    out = 0
    seen = 0
    while out + 5 <= len(stream):
        length = struct.unpack(">H", stream[out + 3:out + 5])[0]
        if stream[out] == 23:
            if seen == encrypted_records:
                break
            seen += 1
        out += 5 + length
    return stream[:out]


def tshark_ja3(pcap):
    """tshark's own JA3 of the first ClientHello in `pcap`, or None without tshark."""
    try:
        p = subprocess.run(["tshark", "-r", pcap, "-Y", "tls.handshake.type == 1", "-T", "fields",
                            "-e", "tls.handshake.ja3_full", "-e", "tls.handshake.ja3"],
                           capture_output=True, timeout=60)
    except FileNotFoundError:
        return None
    line = p.stdout.decode().strip().splitlines()
    return line[0].split("\t") if line else None


def scenario(pki, server_args, client, capture=False):
    """Runs one s_server and one client; returns (client -msg, server -msg, streams)."""
    port = free_port()
    d = tempfile.mkdtemp(prefix="tlsvec-")
    pcap = os.path.join(d, "lo.pcap")
    dump = None
    if capture:
        dump = subprocess.Popen(["tcpdump", "-U", "--immediate-mode", "-Z", "root", "-i", "lo", "-w", pcap, f"tcp port {port}"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # Wait for "listening on lo".
        dump.stderr.readline()
        time.sleep(0.3)
    server_msgs = os.path.join(d, "server.msg")
    server = subprocess.Popen([OPENSSL, "s_server", "-accept", f"127.0.0.1:{port}", "-naccept", "1",
                               "-msg", "-msgfile", server_msgs, "-www"] + server_args,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        # s_server prints ACCEPT once it listens.
        while True:
            line = server.stdout.readline()
            if not line or line.startswith(b"ACCEPT"):
                break
        client_out = client(port)
        server.wait(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    with open(server_msgs) as f:
        server_out = f.read()
    streams = None
    if dump is not None:
        time.sleep(1.0)
        dump.send_signal(signal.SIGINT)
        dump.wait(timeout=5)
        streams = read_pcap_streams(pcap, port)
        streams["pcap"] = pcap
    return parse_msg_output(client_out), parse_msg_output(server_out), streams


def s_client(args):
    def go(port):
        p = subprocess.run([OPENSSL, "s_client", "-connect", f"127.0.0.1:{port}", "-msg", "-ign_eof"] + args,
                           input=b"GET / HTTP/1.0\r\n\r\n", capture_output=True, timeout=10)
        return p.stdout.decode("latin-1")
    return go


def curl(port):
    subprocess.run(["curl", "-sk", "--max-time", "5", "--resolve", f"tlsprobe.test:{port}:127.0.0.1",
                    f"https://tlsprobe.test:{port}/"], capture_output=True, timeout=10)
    return ""


def handshakes(msgs, direction=None):
    return [(d, n, b) for d, c, n, b in msgs if c == "Handshake" and (direction is None or d == direction)]


def swift_bytes(name, data, doc):
    lines = [f"    /// {line}" for line in doc.splitlines()]
    lines.append(f"    static let {name}: [UInt8] = hex(\"\"\"")
    h = data.hex()
    for i in range(0, len(h), 96):
        lines.append("        " + h[i:i + 96])
    lines.append("        \"\"\")")
    return "\n".join(lines)


def main():
    tools = run([OPENSSL, "version"]).stdout.decode().strip()
    curl_version = run(["curl", "--version"]).stdout.decode().splitlines()[0]
    d = tempfile.mkdtemp(prefix="tlspki-")
    pki = make_pki(d)
    server_ec = ["-cert", pki["server_ec"][0], "-key", pki["server_ec"][1]]
    server_rsa = ["-cert", pki["server_rsa"][0], "-key", pki["server_rsa"][1]]
    want_client_cert = ["-Verify", "1", "-CAfile", pki["client_ca"][0]]
    client_cert = ["-cert", pki["client"][0], "-key", pki["client"][1]]
    sni = ["-servername", "tlsprobe.test"]

    entries = []

    # A: TLS 1.3 with a client certificate requested (certificate_authorities) and given.
    cmsgs, _, streams13 = scenario(pki, ["-tls1_3", "-alpn", "h2"] + server_ec + want_client_cert,
                                   s_client(sni + ["-alpn", "h2,http/1.1"] + client_cert), capture=True)
    seen = {}
    for d_, n, b in handshakes(cmsgs):
        key = ("c" if d_ == ">>>" else "s") + n
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            continue
        who = "client" if d_ == ">>>" else "server"
        entries.append(swift_bytes(f"tls13{who.capitalize()}{n}", b,
                                   f"TLS 1.3 {n} sent by the {who} (scenario A)."))
    entries.append(swift_bytes("tls13ServerStream", leading_records(streams13["server"], 5),
                               "TLS 1.3 scenario A: the server's first flight on the wire (ServerHello,\n"
                               "ChangeCipherSpec, five encrypted records), as captured on lo."))

    # B: TLS 1.2 ECDHE-ECDSA, client certificate requested and given.
    cmsgs, _, streams12 = scenario(pki, ["-tls1_2"] + server_ec + want_client_cert,
                                   s_client(sni + ["-tls1_2"] + client_cert), capture=True)
    seen = {}
    for d_, n, b in handshakes(cmsgs):
        key = ("c" if d_ == ">>>" else "s") + n
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            continue
        who = "client" if d_ == ">>>" else "server"
        entries.append(swift_bytes(f"tls12{who.capitalize()}{n}", b,
                                   f"TLS 1.2 {n} sent by the {who} (scenario B)."))
    entries.append(swift_bytes("tls12ClientStream", leading_records(streams12["client"], 0),
                               "TLS 1.2 scenario B: the client's bytes on the wire up to its first\n"
                               "application data record, as captured on lo."))
    entries.append(swift_bytes("tls12ServerStream", leading_records(streams12["server"], 0),
                               "TLS 1.2 scenario B: the server's bytes on the wire up to its first\n"
                               "application data record, as captured on lo."))

    # C: HelloRetryRequest: the server only takes P-256, the client's first key share is X25519.
    cmsgs, _, streamsHRR = scenario(pki, ["-tls1_3", "-groups", "P-256"] + server_ec, s_client(sni), capture=True)
    hs = handshakes(cmsgs)
    names = [n for _, n, _ in hs]
    first_ch = names.index("ClientHello")
    entries.append(swift_bytes("hrrClientHello1", hs[first_ch][2], "Scenario C: the first ClientHello (key share X25519)."))
    entries.append(swift_bytes("hrrHelloRetryRequest", hs[first_ch + 1][2],
                               "Scenario C: the server's HelloRetryRequest (a ServerHello with the special random)."))
    entries.append(swift_bytes("hrrClientHello2", hs[first_ch + 2][2], "Scenario C: the second ClientHello (key share P-256)."))
    entries.append(swift_bytes("hrrClientStream", leading_records(streamsHRR["client"], 0),
                               "Scenario C: the client's bytes on the wire up to its first encrypted record."))
    entries.append(swift_bytes("hrrServerStream", leading_records(streamsHRR["server"], 0),
                               "Scenario C: the server's bytes on the wire up to its first encrypted record."))

    # D: TLS 1.2 DHE-RSA: a ServerKeyExchange with a finite-field prime.
    cmsgs, _, _ = scenario(pki, ["-tls1_2", "-cipher", "DHE-RSA-AES128-GCM-SHA256"] + server_rsa,
                           s_client(sni + ["-tls1_2", "-cipher", "DHE-RSA-AES128-GCM-SHA256"]))
    for d_, n, b in handshakes(cmsgs, "<<<"):
        if n == "ServerKeyExchange":
            entries.append(swift_bytes("dheServerKeyExchange", b,
                                       "Scenario D: TLS 1.2 DHE-RSA ServerKeyExchange (OpenSSL's automatic DH group)."))

    # E: curl's ClientHello, seen by the server, and as the client's first bytes on the wire.
    _, _, streamsCurl = scenario(pki, server_ec, curl, capture=True)
    first_record = leading_records(streamsCurl["client"], 0)
    first_record = first_record[:5 + struct.unpack(">H", first_record[3:5])[0]]
    # Written once, to TestSupport (below): the TLSWire, JA3/JA4 and golden output tests all read it.
    curl_entries = [swift_bytes("curlClientHelloRecord", first_record,
                                f"Scenario E: {curl_version.split(' (')[0]}'s ClientHello record to\n"
                                "https://tlsprobe.test:PORT/ (resolved to 127.0.0.1), as captured on lo.")]
    ja3 = tshark_ja3(streamsCurl["pcap"])
    if not ja3:
        sys.exit("tshark is needed for the independent JA3 check the tests read (apt-get install tshark)")
    tshark_version = run(["tshark", "--version"]).stdout.decode().splitlines()[0]
    curl_entries.append(f"""    /// JA3 of `curlClientHelloRecord` as {tshark_version.split(' (v')[0]} computes it
    /// (`tls.handshake.ja3_full`, `tls.handshake.ja3`): an independent check.
    static let curlJA3FromTShark = (full: "{ja3[0]}", hash: "{ja3[1]}")""")

    # F: TLS 1.2 server requires a client certificate the client does not send: plaintext alert.
    _, _, streamsAlert = scenario(pki, ["-tls1_2"] + server_ec + want_client_cert,
                                  s_client(sni + ["-tls1_2"]), capture=True)
    entries.append(swift_bytes("tls12RefusedServerStream", leading_records(streamsAlert["server"], 0),
                               "Scenario F: every byte a TLS 1.2 server sent when the client had no certificate."))

    header = f"""// Generated by Tests/Tools/capture-tls-vectors.py; do not edit by hand.
//
// Real handshakes between {tools} (s_server, s_client) and {curl_version.split(' (')[0]},
// captured on 127.0.0.1 with `-msg` (the message callback's view) and tcpdump on lo
// (the record stream), on Debian 12. Certificates: a throw-away P-256/RSA-2048 PKI made by
// the script ("tlsprobe server CA", "tlsprobe client CA", leaf CN=tlsprobe.test and
// CN=front desk). Regenerate, as root, from the package root, with:
//
//     python3 Tests/Tools/capture-tls-vectors.py
//
// The bytes change on every run (keys, randoms, dates); tests check structure, not bytes.
"""
    helper = """
/// Bytes from a hex string; whitespace is ignored. Test vectors only.
func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var high: UInt8?
    for scalar in text.unicodeScalars {
        let nibble: UInt8
        switch scalar {
        case "0"..."9": nibble = UInt8(scalar.value - 48)
        case "a"..."f": nibble = UInt8(scalar.value - 87)
        case "A"..."F": nibble = UInt8(scalar.value - 55)
        default: continue
        }
        if let h = high { bytes.append(h << 4 | nibble); high = nil } else { high = nibble }
    }
    return bytes
}
"""
    nl = chr(10)
    os.makedirs("Tests/TLSWireTests/Vectors", exist_ok=True)
    with open("Tests/TLSWireTests/Vectors/RealHandshakes.swift", "w") as f:
        f.write(f"{header}{nl}enum RealHandshakes {{{nl}{nl.join(entries)}{nl}}}{nl}{helper}")
    # In TestSupport, public: the TLSWire tests, the JA3/JA4 tests and the golden output tests read it.
    public_entries = [e.replace("    static let ", "    public static let ") for e in curl_entries]
    os.makedirs("Tests/TestSupport/Vectors", exist_ok=True)
    with open("Tests/TestSupport/Vectors/CurlClientHello.swift", "w") as f:
        f.write(f"{header}{nl}public enum CurlClientHello {{{nl}{nl.join(public_entries)}{nl}}}{nl}{helper}")


if __name__ == "__main__":
    main()
