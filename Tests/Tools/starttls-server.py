#!/usr/bin/env python3
"""A loopback test server for `tlsprobe connect --starttls`: speaks one plain-text
protocol's documented prelude up to the upgrade, then hands the socket to Python's ssl as
the TLS server. Used by the EndToEndTests (StartTLSTests) as the peer for every protocol
but SMTP (which has aiosmtpd, a real mail server).

  starttls-server.py PROTOCOL [HOST:]PORT CERT_CHAIN KEY [--refuse]
  starttls-server.py aiosmtpd [HOST:]PORT CERT_CHAIN KEY [--refuse]

The second form runs aiosmtpd (PyPI), a real SMTP server, with STARTTLS (without it under
--refuse); it exits 3 with a message on stderr when aiosmtpd is not installed.

PROTOCOL: smtp submission lmtp imap pop3 ftp xmpp xmpp-server ldap postgres mysql irc nntp
sieve; or flood (an SMTP greeting that never ends) and silent (never says a word), for the
client's bounds. HOST defaults to 127.0.0.1. --refuse: the server neither offers nor accepts the upgrade, answering as a real
server of that protocol without TLS does. Binds 127.0.0.1:PORT with SO_REUSEADDR (the test
holds the port reserved), prints "ready" and serves connections until killed, each on a
thread of its own (--versions dials several at once).
"""
import socket
import ssl
import struct
import sys
import threading

PROTOCOL, ADDRESS, CHAIN, KEY = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
HOST, _, PORT = ADDRESS.rpartition(":") if ":" in ADDRESS else ("127.0.0.1", ":", ADDRESS)
HOST, PORT = HOST or "127.0.0.1", int(PORT)
REFUSE = "--refuse" in sys.argv[5:]
OFFER = not REFUSE


class Closed(Exception):
    pass


class Plain:
    """Line and byte reads on the plain-text socket, bounded."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def fill(self):
        data = self.sock.recv(4096)
        if not data:
            raise Closed()
        self.buffer += data
        if len(self.buffer) > 65536:
            raise Closed()

    def line(self):
        while b"\n" not in self.buffer:
            self.fill()
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.rstrip(b"\r").decode("latin-1")

    def exactly(self, count):
        # Never more than asked for: a MySQL client sends its ClientHello right behind its
        # SSLRequest, and those bytes belong to the TLS layer.
        while len(self.buffer) < count:
            data = self.sock.recv(count - len(self.buffer))
            if not data:
                raise Closed()
            self.buffer += data
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def until(self, marker):
        while marker not in self.buffer:
            self.fill()
        data, _, self.buffer = self.buffer.partition(marker)
        return data + marker

    def send(self, text):
        self.sock.sendall(text.encode() if isinstance(text, str) else text)


def smtp(p, hello="EHLO"):
    p.send("220 mail.test ESMTP ready\r\n")
    while True:
        command = p.line()
        verb = command.split(" ")[0].upper()
        if verb in ("EHLO", "LHLO", "HELO"):
            if verb != hello:
                p.send("500 5.5.1 say %s\r\n" % hello)
                continue
            p.send("250-mail.test\r\n250-PIPELINING\r\n" + ("250-STARTTLS\r\n" if OFFER else "") + "250 8BITMIME\r\n")
        elif verb == "STARTTLS":
            if OFFER:
                p.send("220 2.0.0 Ready to start TLS\r\n")
                return True
            p.send("502 5.5.1 STARTTLS not available\r\n")
            return False
        else:
            p.send("503 5.5.1 bad sequence\r\n")


def imap(p):
    p.send("* OK [CAPABILITY IMAP4rev1] IMAP server ready\r\n")
    while True:
        tag, _, command = p.line().partition(" ")
        command = command.upper()
        if command == "CAPABILITY":
            p.send("* CAPABILITY IMAP4rev1 " + ("STARTTLS LOGINDISABLED" if OFFER else "AUTH=PLAIN") + "\r\n%s OK CAPABILITY completed\r\n" % tag)
        elif command == "STARTTLS":
            if OFFER:
                p.send("%s OK Begin TLS negotiation now\r\n" % tag)
                return True
            p.send("%s BAD STARTTLS not supported\r\n" % tag)
            return False
        else:
            p.send("%s BAD unknown command\r\n" % tag)


def pop3(p):
    p.send("+OK POP3 server ready\r\n")
    while True:
        command = p.line().upper()
        if command == "STLS":
            if OFFER:
                p.send("+OK Begin TLS negotiation\r\n")
                return True
            p.send("-ERR STLS not supported\r\n")
            return False
        if command == "CAPA":
            p.send("+OK\r\nUSER\r\n" + ("STLS\r\n" if OFFER else "") + ".\r\n")
        else:
            p.send("-ERR unknown command\r\n")


def ftp(p):
    p.send("220-Welcome to the test FTP server\r\n220 FTP ready\r\n")
    while True:
        command = p.line().upper()
        if command in ("AUTH TLS", "AUTH SSL"):
            if OFFER:
                p.send("234 AUTH TLS successful\r\n")
                return True
            p.send("502 Command not implemented\r\n")
            return False
        p.send("530 Please login with USER and PASS\r\n")


def xmpp(p, namespace):
    header = p.until(b">")
    if b"<?xml" in header:
        header = p.until(b">")
    if namespace.encode() not in header:
        p.send("<stream:error><invalid-namespace xmlns='urn:ietf:params:xml:ns:xmpp-streams'/></stream:error></stream:stream>")
        return False
    p.send("<?xml version='1.0'?><stream:stream xmlns='%s' xmlns:stream='http://etherx.jabber.org/streams' "
           "id='t1' from='xmpp.test' version='1.0'><stream:features>" % namespace
           + ("<starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'><required/></starttls>" if OFFER else "")
           + "<mechanisms xmlns='urn:ietf:params:xml:ns:xmpp-sasl'><mechanism>PLAIN</mechanism></mechanisms>"
           + "</stream:features>")
    request = p.until(b"/>")
    if b"starttls" in request and OFFER:
        p.send("<proceed xmlns='urn:ietf:params:xml:ns:xmpp-tls'/>")
        return True
    p.send("<failure xmlns='urn:ietf:params:xml:ns:xmpp-tls'/></stream:stream>")
    return False


def ber(tag, contents):
    if len(contents) < 0x80:
        return bytes([tag, len(contents)]) + contents
    return bytes([tag, 0x81, len(contents)]) + contents


def ldap(p):
    first = p.exactly(2)
    if first[0] != 0x30:
        return False
    length = first[1]
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(p.exactly(count), "big")
    message = p.exactly(length)
    # messageID, then [APPLICATION 23] ExtendedRequest with requestName [0].
    id_length = message[1]
    message_id = message[2:2 + id_length]
    op = message[2 + id_length:]
    if op[0] != 0x77 or b"1.3.6.1.4.1.1466.20037" not in op:
        return False
    if OFFER:
        result = ber(0x0A, b"\x00") + ber(0x04, b"") + ber(0x04, b"")
    else:
        result = ber(0x0A, b"\x02") + ber(0x04, b"") + ber(0x04, b"unsupported extended operation")
    response = ber(0x02, message_id) + ber(0x78, result + ber(0x8A, b"1.3.6.1.4.1.1466.20037"))
    p.send(ber(0x30, response))
    return OFFER


def postgres(p):
    request = p.exactly(8)
    if request != b"\x00\x00\x00\x08\x04\xd2\x16\x2f":
        return False
    p.send(b"S" if OFFER else b"N")
    return OFFER


def mysql(p):
    capabilities = 0xF7FF & ~0x0800 if not OFFER else 0xFFFF
    payload = (b"\x0a" + b"8.0.36-test\x00" + struct.pack("<I", 7) + b"abcdefgh" + b"\x00"
               + struct.pack("<H", capabilities) + b"\x21" + struct.pack("<H", 2) + struct.pack("<H", 0x81FF)
               + b"\x15" + b"\x00" * 10 + b"ijklmnopqrst\x00" + b"mysql_native_password\x00")
    p.send(struct.pack("<I", len(payload))[:3] + b"\x00" + payload)
    header = p.exactly(4)
    length = int.from_bytes(header[:3], "little")
    body = p.exactly(length)
    flags = struct.unpack("<I", body[:4])[0]
    return OFFER and bool(flags & 0x0800) and header[3] == 1


def irc(p):
    # No NOTICE before the 670: openssl s_client -starttls irc stops at the first line that
    # is not a numeric reply.
    while True:
        command = p.line()
        if command.upper().startswith("STARTTLS"):
            if OFFER:
                p.send(":irc.test 670 * :STARTTLS successful, proceed with TLS handshake\r\n")
                return True
            p.send(":irc.test 421 * STARTTLS :Unknown command\r\n")
            return False
        if command.upper().startswith("CAP"):
            p.send(":irc.test CAP * LS :" + ("tls" if OFFER else "") + "\r\n")


def nntp(p):
    p.send("200 NNTP test service ready, posting allowed\r\n")
    while True:
        command = p.line().upper()
        if command == "CAPABILITIES":
            p.send("101 Capability list:\r\nVERSION 2\r\nREADER\r\n" + ("STARTTLS\r\n" if OFFER else "") + ".\r\n")
        elif command == "STARTTLS":
            if OFFER:
                p.send("382 Continue with TLS negotiation\r\n")
                return True
            p.send("580 Can not initiate TLS negotiation\r\n")
            return False
        else:
            p.send("500 What?\r\n")


def sieve(p):
    p.send('"IMPLEMENTATION" "test sieve"\r\n"SASL" ""\r\n"SIEVE" "fileinto"\r\n'
           + ('"STARTTLS"\r\n' if OFFER else "") + '"VERSION" "1.0"\r\nOK "ready"\r\n')
    while True:
        command = p.line().upper()
        if command == "STARTTLS":
            if OFFER:
                p.send('OK "Begin TLS negotiation now"\r\n')
                return True
            p.send('NO "STARTTLS not available"\r\n')
            return False
        p.send('NO "unknown command"\r\n')


def flood(p):
    line = ("220-" + "x" * 70 + "\r\n").encode()
    while True:
        p.send(line * 64)


def silent(p):
    p.fill()
    return False


PRELUDES = {
    "flood": flood, "silent": silent,
    "smtp": lambda p: smtp(p), "submission": lambda p: smtp(p), "lmtp": lambda p: smtp(p, "LHLO"),
    "imap": imap, "pop3": pop3, "ftp": ftp,
    "xmpp": lambda p: xmpp(p, "jabber:client"), "xmpp-server": lambda p: xmpp(p, "jabber:server"),
    "ldap": ldap, "postgres": postgres, "mysql": mysql, "irc": irc, "nntp": nntp, "sieve": sieve,
}

context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(CHAIN, KEY)


def serve(sock):
    sock.settimeout(20)
    try:
        if not PRELUDES[PROTOCOL](Plain(sock)):
            return
        with context.wrap_socket(sock, server_side=True) as tls:
            tls.recv(1)
    except (Closed, OSError, ssl.SSLError, IndexError, ValueError, struct.error):
        pass
    finally:
        try:
            sock.close()
        except OSError:
            pass


if PROTOCOL == "aiosmtpd":
    try:
        from aiosmtpd.controller import Controller
        from aiosmtpd.handlers import Sink
    except ImportError:
        print("aiosmtpd is not installed (python3 -m pip install aiosmtpd)", file=sys.stderr, flush=True)
        sys.exit(3)
    import time
    controller = Controller(Sink(), hostname=HOST, port=PORT, tls_context=None if REFUSE else context)
    controller.start()
    print("ready", flush=True)
    while True:
        time.sleep(3600)

listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind((HOST, PORT))
listener.listen(16)
print("ready", flush=True)
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
