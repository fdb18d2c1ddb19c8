#!/usr/bin/env python3
"""Build a large, realistic capture from a few real handshakes.

    make-capture.py SEED.pcap PORT[,PORT...] OUT.pcap SIZE_MB [BULK_KB [BULK_MASK [WEIGHTS]]]

SEED.pcap is a tcpdump capture on lo (Ethernet link type) of real openssl handshakes to
127.0.0.1:PORT (one or more servers; a seed connection is replayed to its own server's
port). Each seed connection's byte streams are replayed many times as new
connections (other client addresses and ports, fresh sequence numbers), in Ethernet
frames with TCP segments of at most 1448 bytes so certificates span several packets,
with BULK_KB of TLS application_data from the server after each handshake, 32
connections interleaved at a time, until the file reaches SIZE_MB. BULK_MASK ("1,1,0")
says which seed connections (in capture order) get bulk data: not the failed ones.
WEIGHTS ("2,1,4") says how many times each seed connection comes in one cycle of the
replay (default once each), so a profile can make some kinds of handshake commoner.
With SEED_PRELUDE=1 in the environment, seed connections that begin in plain text
(STARTTLS, a client that never asks for TLS) are kept too: every one in which the client
sent something. Packets are stamped from the time of the run (CAPTURE_START=SECONDS to
choose), 10 µs apart. Only writes a file.
"""

import os
import random
import struct
import sys

MSS = 1448


def read_pcap(path):
    with open(path, "rb") as f:
        header = f.read(24)
        magic = struct.unpack("<I", header[:4])[0]
        endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
        linktype = struct.unpack(endian + "I", header[20:24])[0]
        if linktype != 1:
            sys.exit(f"seed capture must be Ethernet (lo), not link type {linktype}")
        while True:
            h = f.read(16)
            if len(h) < 16:
                return
            _, _, caplen, _ = struct.unpack(endian + "IIII", h)
            yield f.read(caplen)


def seed_connections(path, ports):
    """Per connection (keyed by server and client port): the server port and the payloads
    in capture order, each tagged with its sender, so flights keep their real interleaving."""
    connections = {}
    order = []
    for frame in read_pcap(path):
        if len(frame) < 54 or frame[12:14] != b"\x08\x00" or frame[23] != 6:
            continue
        ihl = (frame[14] & 0x0F) * 4
        total = struct.unpack(">H", frame[16:18])[0]
        tcp = 14 + ihl
        sport, dport = struct.unpack(">HH", frame[tcp:tcp + 4])
        offset = (frame[tcp + 12] >> 4) * 4
        payload = frame[tcp + offset:14 + total]
        if sport not in ports and dport not in ports:
            continue
        from_server = sport in ports
        key = (sport, dport) if from_server else (dport, sport)
        if key not in connections:
            connections[key] = []
            order.append(key)
        if payload:
            connections[key].append(("server" if from_server else "client", payload))
    if os.environ.get("SEED_PRELUDE"):
        # Plain-text preludes (STARTTLS): every connection in which the client said
        # something (not the script's readiness probes, which a server may greet).
        return [(k[0], connections[k]) for k in order if any(sender == "client" for sender, _ in connections[k])]
    # Only connections that start with a ClientHello (not the script's readiness probe).
    return [(k[0], connections[k]) for k in order
            if connections[k] and connections[k][0][0] == "client" and connections[k][0][1][:1] == b"\x16"]


def checksum(header):
    s = sum(struct.unpack(">10H", header))
    while s > 0xFFFF:
        s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


class Connection:
    def __init__(self, index, seed, port, bulk):
        self.client_ip = bytes([10, (index >> 16) & 0xFF, (index >> 8) & 0xFF, index & 0xFF])
        self.server_ip = bytes([10, 255, 0, 1])
        self.client_port = 1024 + index % 60000
        self.server_port = port
        self.seq = {"client": random.getrandbits(32), "server": random.getrandbits(32)}
        self.seed = seed
        self.bulk = bulk

    def frame(self, sender, flags, payload=b""):
        client = sender == "client"
        sip, dip = (self.client_ip, self.server_ip) if client else (self.server_ip, self.client_ip)
        sport, dport = (self.client_port, self.server_port) if client else (self.server_port, self.client_port)
        other = "server" if client else "client"
        tcp = struct.pack(">HHIIBBHHH", sport, dport, self.seq[sender], self.seq[other], 0x50, flags, 65535, 0, 0)
        ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp) + len(payload), 0, 0x4000, 64, 6, 0, sip, dip)
        ip = ip[:10] + struct.pack(">H", checksum(ip)) + ip[12:]
        mac = b"\x02\x00\x00\x00\x00\x01\x02\x00\x00\x00\x00\x02" if client else b"\x02\x00\x00\x00\x00\x02\x02\x00\x00\x00\x00\x01"
        self.seq[sender] = (self.seq[sender] + len(payload) + (1 if flags & 0x03 else 0)) & 0xFFFFFFFF
        return mac + b"\x08\x00" + ip + tcp + payload

    def frames(self):
        yield self.frame("client", 0x02)
        yield self.frame("server", 0x12)
        yield self.frame("client", 0x10)
        for sender, payload in self.seed:
            for i in range(0, len(payload), MSS):
                yield self.frame(sender, 0x18, payload[i:i + MSS])
        for i in range(0, len(self.bulk), MSS):
            yield self.frame("server", 0x18, self.bulk[i:i + MSS])
            if i % (8 * MSS) == 0:
                yield self.frame("client", 0x10)
        yield self.frame("client", 0x11)
        yield self.frame("server", 0x11)
        yield self.frame("client", 0x10)


def main():
    seed_path, out_path, size_mb = sys.argv[1], sys.argv[3], int(sys.argv[4])
    ports = {int(p) for p in sys.argv[2].split(",")}
    bulk_kb = int(sys.argv[5]) if len(sys.argv) > 5 else 512
    mask = [m == "1" for m in sys.argv[6].split(",")] if len(sys.argv) > 6 else None
    weights = [int(w) for w in sys.argv[7].split(",")] if len(sys.argv) > 7 else None
    random.seed(4433)
    seeds = seed_connections(seed_path, ports)
    if not seeds:
        sys.exit("no connections in the seed capture")
    # One cycle of the replay: each seed's index, as many times as its weight.
    cycle = [i for i in range(len(seeds)) for _ in range(weights[i] if weights and i < len(weights) else 1)]
    # Bulk data as TLS 1.2/1.3 application_data records of 16 KiB of noise.
    noise = random.randbytes(16384)
    record = b"\x17\x03\x03" + struct.pack(">H", len(noise)) + noise
    bulk = (record * (bulk_kb * 1024 // len(record) + 1))[:bulk_kb * 1024]
    limit = size_mb * 1024 * 1024
    written = 24
    connections = 0
    handshakes_started = 0
    # Packets stamped from now (or CAPTURE_START, seconds since 1970), 10 µs apart, so the
    # seed's certificates are judged within their validity as in a fresh capture.
    time = float(os.environ.get("CAPTURE_START", "0")) or __import__("time").time()
    with open(out_path, "wb") as out:
        out.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 262144, 1))
        active = []
        while written < limit or active:
            while written < limit and len(active) < 32:
                which = cycle[connections % len(cycle)]
                with_bulk = mask is None or (which < len(mask) and mask[which])
                port, seed = seeds[which]
                active.append(Connection(connections, seed, port, bulk if with_bulk else b"").frames())
                connections += 1
                handshakes_started += 1
            for generator in list(active):
                frame = next(generator, None)
                if frame is None:
                    active.remove(generator)
                    continue
                time += 0.00001
                seconds = int(time)
                out.write(struct.pack("<IIII", seconds, int((time - seconds) * 1e6), len(frame), len(frame)))
                out.write(frame)
                written += 16 + len(frame)
    print(f"{out_path}: {written / 1048576:.0f} MB, {connections} connections from {len(seeds)} seed handshakes, "
          f"{written / max(connections, 1) / 1024:.1f} KB each")


if __name__ == "__main__":
    main()
