#!/usr/bin/env python3
"""Replays the DTLS handshakes of a seed capture as many UDP flows (for dtls-capture-benchmark.sh).

    make-dtls-capture.py SEED.pcap SERVER_PORT OUT.pcap FLOWS [APP_DATAGRAMS]

SEED.pcap: tcpdump -i lo of real openssl s_server/s_client DTLS handshakes on SERVER_PORT
(Ethernet frames, as Linux's lo gives). Each of its flows (one per client port) is copied
FLOWS times in all, round-robin over the seed's flows, each copy with its own client address
(127.x.y.z) and port, 32 copies interleaved datagram by datagram, and APP_DATAGRAMS (default 8)
application-data records of 1,200 bytes in epoch 1 each way after the handshake, as a DTLS
session carries. IPv4 checksums are recomputed; UDP checksums are zeroed (allowed for IPv4).
Prints the number of flows and of first ClientHellos written.
"""
import struct
import sys


def read_pcap(path):
    with open(path, "rb") as f:
        data = f.read()
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    linktype = struct.unpack(endian + "I", data[20:24])[0]
    out, o = [], 24
    while o + 16 <= len(data):
        sec, usec, incl, orig = struct.unpack(endian + "IIII", data[o:o + 16])
        out.append(data[o + 16:o + 16 + incl])
        o += 16 + incl
    return linktype, out


def checksum(header):
    s = sum(struct.unpack("!%dH" % (len(header) // 2), header))
    while s > 0xFFFF:
        s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


def main():
    seed, port, out_path, flows = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    app = int(sys.argv[5]) if len(sys.argv) > 5 else 8
    linktype, frames = read_pcap(seed)
    assert linktype == 1, "expected Ethernet frames (tcpdump -i lo)"
    # (client port) -> [(from_client, udp payload)]
    conversations = {}
    for frame in frames:
        if len(frame) < 42 or frame[12:14] != b"\x08\x00" or frame[23] != 17:
            continue
        ihl = (frame[14] & 0x0F) * 4
        udp = 14 + ihl
        sport, dport, length = struct.unpack("!HHH", frame[udp:udp + 6])
        payload = frame[udp + 8:udp + length]
        if dport == port:
            conversations.setdefault(sport, []).append((True, payload))
        elif sport == port:
            conversations.setdefault(dport, []).append((False, payload))
    seeds = [c for c in conversations.values() if any(p[:1] == b"\x16" for _, p in c)]
    assert seeds, "no DTLS flows in the seed"

    def app_record(epoch, seq):
        body = bytes(1200)
        return struct.pack("!BHHHI H", 23, 0xFEFD, epoch, seq >> 32, seq & 0xFFFFFFFF, len(body)) + body

    def frame_for(n, from_client, payload):
        client = bytes([127, 1 + (n >> 16) % 250, (n >> 8) & 0xFF, 1 + n % 250])
        server = bytes([127, 0, 0, 1])
        cport = 20000 + n % 40000
        src, dst = (client, server) if from_client else (server, client)
        sp, dp = (cport, port) if from_client else (port, cport)
        udp = struct.pack("!HHHH", sp, dp, 8 + len(payload), 0) + payload
        ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), n & 0xFFFF, 0x4000, 64, 17, 0, src, dst))
        struct.pack_into("!H", ip, 10, checksum(bytes(ip)))
        eth = b"\x00\x00\x00\x00\x00\x00" * 2 + b"\x08\x00"
        return eth + bytes(ip) + udp

    def datagrams(n):
        conversation = seeds[n % len(seeds)]
        for from_client, payload in conversation:
            yield from_client, payload
        # A session that completed carries application data both ways.
        if sum(1 for _, p in conversation if p[:1] == b"\x14") >= 2:
            for i in range(app):
                yield True, app_record(1, 100 + i)
                yield False, app_record(1, 100 + i)

    hellos = 0
    with open(out_path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 262144, 1))
        t = 1_768_478_400.0
        n = 0
        active = []
        while n < flows or active:
            while len(active) < 32 and n < flows:
                active.append((n, datagrams(n)))
                n += 1
            still = []
            for k, gen in active:
                item = next(gen, None)
                if item is None:
                    continue
                from_client, payload = item
                # A ClientHello fragment with message_seq 0: the flow's first hello.
                if payload[:1] == b"\x16" and len(payload) > 18 and payload[13] == 1 and payload[17:19] == b"\x00\x00":
                    hellos += 1
                data = frame_for(k, from_client, payload)
                t += 0.00001
                sec = int(t)
                f.write(struct.pack("<IIII", sec, int((t - sec) * 1e6), len(data), len(data)))
                f.write(data)
                still.append((k, gen))
            active = still
    print(f"{flows} flows, {hellos} first ClientHellos (message_seq 0), from {len(seeds)} seed flows")


if __name__ == "__main__":
    main()
