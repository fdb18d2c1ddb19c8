#!/usr/bin/env python3
"""Seeds for FuzzCapture from the real handshakes in Corpus/FuzzTLSWire.

    capture-seeds.py TLSWIRE_CORPUS OUT_DIR

Each seed is one or two TCP connections carrying a real client and server stream, cut
into segments and wrapped in frames of one link type, in the record format FuzzCapture
reads: byte 0 the link type index (and flags), then [time step][length: 2 bytes][frame].
Variants: Ethernet/IPv4 in order; raw IPv6 with segments out of order and one
retransmitted; Linux cooked v2 with a hole (a lost segment); a mid-stream start without
SYN; a small flow table with two interleaved connections; binary preludes before TLS
(LDAP StartTLS, PostgreSQL SSLRequest, SOCKS5 with username/password), each also refused.
Only writes files.
"""

import os
import struct
import sys

# Indices into FuzzCapture's linkTypes.
ETHERNET, SLL, SLL2, RAW, NULL, LOOP, IPV4, IPV6 = range(8)


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def tcp(sport, dport, seq, ack, flags, payload):
    header = struct.pack("!HHIIBBHHH", sport, dport, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, 5 << 4, flags, 65535, 0, 0)
    return header + payload


def ipv4(src, dst, segment):
    header = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(segment), 1, 0x4000, 64, 6, 0, bytes(src), bytes(dst))
    header = header[:10] + struct.pack("!H", checksum(header)) + header[12:]
    return header + segment


def ipv6(src, dst, segment):
    return struct.pack("!IHBB16s16s", 6 << 28, len(segment), 6, 64, bytes(src), bytes(dst)) + segment


def link(kind, packet, v6):
    if kind == ETHERNET:
        return b"\x02\0\0\0\0\x01\x02\0\0\0\0\x02" + (b"\x86\xdd" if v6 else b"\x08\x00") + packet
    if kind == SLL2:
        return struct.pack("!HHIHBB8s", 0x86DD if v6 else 0x0800, 0, 1, 772, 0, 6, b"\0" * 8) + packet
    if kind == SLL:
        return struct.pack("!HHH8sH", 0, 772, 6, b"\0" * 8, 0x86DD if v6 else 0x0800) + packet
    if kind == NULL:
        return struct.pack("<I", 30 if v6 else 2) + packet
    return packet  # raw IP, raw IPv4/IPv6


def record(handshake_message):
    return b"\x16\x03\x01" + struct.pack("!H", len(handshake_message)) + handshake_message


class Connection:
    def __init__(self, kind, v6, client_port, server_port=443):
        self.kind, self.v6 = kind, v6
        self.client = (bytes(15) + b"\x01" if v6 else bytes([10, 0, 0, 2]), client_port)
        self.server = (bytes(15) + b"\x01" if v6 else bytes([10, 0, 0, 5]), server_port)
        self.seq = {"c": 1000, "s": 5000}

    def frame(self, sender, flags, payload=b"", seq=None):
        (src, sport), (dst, dport) = (self.client, self.server) if sender == "c" else (self.server, self.client)
        other = "s" if sender == "c" else "c"
        segment = tcp(sport, dport, self.seq[sender] if seq is None else seq, self.seq[other], flags, payload)
        packet = ipv6(src, dst, segment) if self.v6 else ipv4(src, dst, segment)
        return link(self.kind, packet, self.v6)

    def handshake(self):
        frames = [self.frame("c", 0x02)]
        self.seq["c"] += 1
        frames.append(self.frame("s", 0x12))
        self.seq["s"] += 1
        frames.append(self.frame("c", 0x10))
        return frames

    def data(self, sender, payload, mss):
        frames = []
        for start in range(0, len(payload), mss):
            piece = payload[start:start + mss]
            frames.append((self.seq[sender], self.frame(sender, 0x18, piece)))
            self.seq[sender] += len(piece)
        return frames

    def close(self):
        frames = [self.frame("c", 0x11)]
        self.seq["c"] += 1
        frames.append(self.frame("s", 0x11))
        self.seq["s"] += 1
        return frames


def seed(control, frames):
    out = bytes([control])
    for step, frame in frames:
        out += bytes([step]) + struct.pack("!H", len(frame)) + frame
    return out


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)

    def read(name):
        with open(os.path.join(corpus, name), "rb") as f:
            return f.read()

    pairs = {
        "tls12": (read("tls12ClientStream"), read("tls12ServerStream")),
        "tls13": (record(read("tls13ClientClientHello")), read("tls13ServerStream")),
        "hrr": (read("hrrClientStream"), read("hrrServerStream")),
        "refused": (read("curlClientHelloRecord"), read("tls12RefusedServerStream")),
    }

    def in_order(kind, v6, client, server, mss=1448, port=50000):
        c = Connection(kind, v6, port)
        frames = [(1, f) for f in c.handshake()]
        frames += [(1, f) for _, f in c.data("c", client, mss)]
        frames += [(2, f) for _, f in c.data("s", server, mss)]
        frames += [(1, f) for f in c.close()]
        return frames

    seeds = {}
    for name, (client, server) in pairs.items():
        seeds[f"ethernet-{name}"] = seed(ETHERNET, in_order(ETHERNET, False, client, server))

    # Raw IPv6, server flight out of order, one segment sent twice.
    client, server = pairs["tls12"]
    c = Connection(IPV6, True, 50001)
    frames = [(1, f) for f in c.handshake()] + [(1, f) for _, f in c.data("c", client, 1448)]
    flight = [f for _, f in c.data("s", server, 700)]
    flight = flight[1:2] + flight[0:1] + flight[1:2] + flight[2:]
    frames += [(1, f) for f in flight] + [(1, f) for f in c.close()]
    seeds["ipv6-out-of-order"] = seed(IPV6, frames)

    # Linux cooked v2, one server segment never captured, then idle past the timeout.
    client, server = pairs["tls13"]
    c = Connection(SLL2, False, 50002)
    frames = [(1, f) for f in c.handshake()] + [(1, f) for _, f in c.data("c", client, 1448)]
    flight = [f for _, f in c.data("s", server, 600)]
    frames += [(1, f) for f in flight[:1] + flight[2:]] + [(255, c.frame("c", 0x10))]
    seeds["sll2-hole-idle"] = seed(SLL2, frames)

    # Linux cooked v1, the capture starts mid-connection (no SYN), file cut off.
    client, server = pairs["hrr"]
    c = Connection(SLL, False, 50003)
    frames = [(1, f) for _, f in c.data("c", client, 512)] + [(1, f) for _, f in c.data("s", server, 512)]
    seeds["sll-midstream-truncated"] = seed(SLL | 0x20, frames)

    # Two connections interleaved on a small flow table, BSD null link type.
    a = in_order(NULL, False, *pairs["tls12"], port=50004)
    b = in_order(NULL, False, *pairs["refused"], port=50005)
    mixed = [x for pair in zip(a, b) for x in pair] + a[len(b):] + b[len(a):]
    seeds["null-two-flows-small-table"] = seed(NULL | 0x10, mixed)

    # Binary preludes before TLS, on Ethernet/IPv4: LDAP's StartTLS extended operation
    # (answered with message ID 0x78, the ExtendedResponse's own tag), PostgreSQL's
    # SSLRequest and 'S', SOCKS5 with RFC 1929 username/password; and each one refused.
    def prelude(steps, port, server_port, tls=True):
        c = Connection(ETHERNET, False, port, server_port)
        frames = [(1, f) for f in c.handshake()]
        if tls:
            steps = steps + [("c", pairs["tls12"][0]), ("s", pairs["tls12"][1])]
        for sender, payload in steps:
            frames += [(1, f) for _, f in c.data(sender, payload, 1448)]
        frames += [(1, f) for f in c.close()]
        return seed(ETHERNET, frames)

    def ber(tag, contents):
        return bytes([tag, len(contents)]) + contents

    oid = b"1.3.6.1.4.1.1466.20037"
    ldap_request = ber(0x30, ber(0x02, b"\x78") + ber(0x77, ber(0x80, oid)))

    def ldap_response(code, text=b""):
        return ber(0x30, ber(0x02, b"\x78") + ber(0x78, ber(0x0A, bytes([code])) + ber(0x04, b"") + ber(0x04, text) + ber(0x8A, oid)))

    seeds["prelude-ldap-starttls"] = prelude([("c", ldap_request), ("s", ldap_response(0))], 50010, 389)
    seeds["prelude-ldap-starttls-refused"] = prelude(
        [("c", ldap_request), ("s", ldap_response(2, b"unsupported extended operation"))], 50011, 389, tls=False)
    ssl_request = b"\0\0\0\x08\x04\xd2\x16\x2f"
    seeds["prelude-postgres-sslrequest"] = prelude([("c", ssl_request), ("s", b"S")], 50012, 5432)
    seeds["prelude-postgres-sslrequest-refused"] = prelude(
        [("c", ssl_request), ("s", b"N"), ("c", b"\0\0\0\x09\0\x03\0\0\0")], 50013, 5432, tls=False)
    login = b"\x01\x04seed\x04seed"
    connect = b"\x05\x01\x00\x01\x0a\x00\x00\x05\x01\xbb"
    seeds["prelude-socks5-password"] = prelude(
        [("c", b"\x05\x02\x00\x02"), ("s", b"\x05\x02"), ("c", login), ("s", b"\x01\x00"),
         ("c", connect), ("s", b"\x05\x00\x00\x01\0\0\0\0\0\0")], 50014, 1080)
    seeds["prelude-socks5-password-refused"] = prelude(
        [("c", b"\x05\x02\x00\x02"), ("s", b"\x05\x02"), ("c", login), ("s", b"\x01\x01")], 50015, 1080, tls=False)

    for name, data in seeds.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
