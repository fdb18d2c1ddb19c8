#!/usr/bin/env python3
"""A loopback stand-in for a device that breaks on large ClientHellos: a TCP proxy in
front of a real TLS server that closes the connection when the client's first TLS record
is larger than LIMIT bytes (header included), as a TLS stack that reads the hello into one
packet-sized buffer, or a middlebox that drops large first records, does. Smaller first
records, and everything after them, are forwarded both ways unchanged. Used by the
EndToEndTests (NewClientsTests) in front of `openssl s_server`.

  small-hello-device.py LISTEN_HOST:PORT UPSTREAM_HOST:PORT [LIMIT]

LIMIT defaults to 1400. Both addresses must be loopback. Binds with SO_REUSEADDR (the
test holds the port reserved), prints "ready" and serves connections until killed, each
on a thread of its own.
"""
import socket
import sys
import threading

LISTEN, UPSTREAM = sys.argv[1], sys.argv[2]
LIMIT = int(sys.argv[3]) if len(sys.argv) > 3 else 1400


def split(address):
    host, _, port = address.rpartition(":")
    return host, int(port)


for host, _ in (split(LISTEN), split(UPSTREAM)):
    if not host.startswith("127."):
        sys.exit("small-hello-device.py: loopback addresses only, not " + host)


def read_exactly(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def pump(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    for sock in (sink, source):
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def serve(client):
    try:
        header = read_exactly(client, 5)
        if header is None:
            return
        length = int.from_bytes(header[3:5], "big")
        if 5 + length > LIMIT:
            # Read the record as the device does, then hang up without a word.
            read_exactly(client, length)
            return
        upstream = socket.create_connection(split(UPSTREAM))
        upstream.sendall(header)
        threading.Thread(target=pump, args=(upstream, client), daemon=True).start()
        pump(client, upstream)
    except OSError:
        pass
    finally:
        client.close()


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(split(LISTEN))
listener.listen(16)
print("ready", flush=True)
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
