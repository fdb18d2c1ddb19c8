#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel
import TLSWire

/// Runs a protocol's plain-text prelude on a connected socket up to the point where TLS
/// starts. Every read is bounded: the whole prelude within one deadline, at most
/// `maximumBytes` from the server, a line at most `maximumLine` bytes.
package enum StartTLS {
    /// The most the server may send before the upgrade (banners, capability lists).
    package static let maximumBytes = 64 * 1024
    /// The longest line kept whole (RFC 5321 allows 512 bytes; RFC 3501 lines are longer).
    package static let maximumLine = 8 * 1024
    /// The longest reply quoted in the report.
    package static let maximumQuoted = 512

    /// The name we greet with (RFC 6761 reserves `.invalid` for names that resolve nowhere).
    package static let clientName = "tlsprobe.invalid"

    /// Runs `proto`'s prelude on `connection`; `host` is the name XMPP addresses its stream
    /// to. The result says whether the server agreed to start TLS, and what it said.
    package static func negotiate(
        _ proto: PlaintextProtocol,
        on connection: TCPConnection,
        host: String,
        timeout: TimeInterval
    ) -> PlaintextUpgrade {
        let talk = PlaintextConversation(connection: connection, deadline: Deadline.after(timeout), timeout: timeout)
        do throws(PlaintextConversation.Stop) {
            return try run(proto, talk, host: host)
        } catch {
            return PlaintextUpgrade(
                plaintextProtocol: proto,
                upgraded: false,
                step: talk.step,
                reason: error.reason,
                reply: talk.quotedReply
            )
        }
    }

    private static func run(
        _ proto: PlaintextProtocol,
        _ talk: PlaintextConversation,
        host: String
    ) throws(PlaintextConversation.Stop) -> PlaintextUpgrade {
        func done(_ ok: Bool, offered: Bool = true) -> PlaintextUpgrade {
            var reason: String?
            if !ok {
                reason =
                    offered
                    ? "refused \(proto.upgradeCommand)" : "does not offer \(proto.upgradeCommand) and refused it"
            }
            return PlaintextUpgrade(
                plaintextProtocol: proto,
                upgraded: ok,
                step: talk.step,
                reason: reason,
                reply: talk.quotedReply
            )
        }
        func refuse(_ reason: String) -> PlaintextUpgrade {
            PlaintextUpgrade(
                plaintextProtocol: proto,
                upgraded: false,
                step: talk.step,
                reason: reason,
                reply: talk.quotedReply
            )
        }
        switch proto {
        case .smtp, .submission, .lmtp:
            // RFC 3207: the 220 greeting (possibly multi-line), EHLO (LMTP, RFC 2033: LHLO),
            // the 250 extension list, STARTTLS, 220.
            talk.step = "greeting"
            let greeting = try talk.readReplyLines()
            guard greeting.last?.hasPrefix("220") == true else { return refuse("greeted with an error, not 220") }
            let hello = proto == .lmtp ? "LHLO" : "EHLO"
            talk.step = hello
            try talk.send("\(hello) \(clientName)\r\n")
            let extensions = try talk.readReplyLines()
            guard extensions.last?.hasPrefix("250") == true else { return refuse("refused \(hello)") }
            let offered = extensions.contains { $0.dropFirst(4).uppercased().hasPrefix("STARTTLS") }
            talk.step = "STARTTLS"
            try talk.send("STARTTLS\r\n")
            let reply = try talk.readReplyLines()
            return done(reply.last?.hasPrefix("220") == true, offered: offered)
        case .imap:
            // RFC 3501 6.2.1: "* OK" greeting, CAPABILITY, STARTTLS, tagged OK.
            talk.step = "greeting"
            let greeting = try talk.readLine()
            guard greeting.hasPrefix("* OK") else { return refuse("greeted with \(greeting.prefix(8)), not * OK") }
            talk.step = "CAPABILITY"
            try talk.send("a CAPABILITY\r\n")
            var capabilities: [String] = []
            while true {
                let line = try talk.readLine()
                if line.hasPrefix("a ") { break }
                capabilities.append(line)
            }
            let offered = capabilities.contains { $0.uppercased().containsText("STARTTLS") }
            talk.step = "STARTTLS"
            try talk.send("b STARTTLS\r\n")
            var reply = try talk.readLine()
            while reply.hasPrefix("* ") { reply = try talk.readLine() }
            return done(reply.uppercased().hasPrefix("B OK"), offered: offered)
        case .pop3:
            // RFC 2595 4: +OK greeting, STLS, +OK.
            talk.step = "greeting"
            guard try talk.readLine().hasPrefix("+OK") else { return refuse("greeted with an error, not +OK") }
            talk.step = "STLS"
            try talk.send("STLS\r\n")
            return done(try talk.readLine().hasPrefix("+OK"))
        case .ftp:
            // RFC 4217 4: 220 greeting, AUTH TLS, 234.
            talk.step = "greeting"
            let greeting = try talk.readReplyLines()
            guard greeting.last?.hasPrefix("220") == true else { return refuse("greeted with an error, not 220") }
            talk.step = "AUTH TLS"
            try talk.send("AUTH TLS\r\n")
            let reply = try talk.readReplyLines()
            return done(reply.last?.hasPrefix("234") == true)
        case .xmpp, .xmppServer:
            // RFC 6120 5.4: our stream header, the server's features with <starttls/>,
            // <starttls/>, <proceed/> (or <failure/>).
            talk.step = "stream features"
            let namespace = proto == .xmpp ? "jabber:client" : "jabber:server"
            try talk.send(
                "<?xml version='1.0'?><stream:stream xmlns:stream='http://etherx.jabber.org/streams' xmlns='\(namespace)' to='\(xmlEscaped(host))' version='1.0'>"
            )
            let features = try talk.readUntil(anyOf: [
                "</stream:features>", "<stream:features/>", "</stream:stream>", "<stream:error",
            ])
            let offered = features.containsText("urn:ietf:params:xml:ns:xmpp-tls")
            guard offered else { return refuse("does not offer STARTTLS (no <starttls/> in its stream features)") }
            talk.step = "STARTTLS"
            talk.resetReply()
            try talk.send("<starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'/>")
            let answer = try talk.readUntil(anyOf: ["<proceed", "<failure", "</stream:stream>", "<stream:error"])
            return done(answer.containsText("<proceed"))
        case .ldap:
            // RFC 4511 4.14: an ExtendedRequest for 1.3.6.1.4.1.1466.20037, an ExtendedResponse
            // whose resultCode is success (0).
            talk.step = "StartTLS"
            try talk.send(ldapStartTLSRequest)
            let response = try talk.readBERMessage()
            guard let result = LDAPResult(response) else {
                talk.setReply(bytes: response)
                return refuse("answered with something that is not an LDAP ExtendedResponse")
            }
            talk.setReply(text: result.text)
            return done(result.code == 0)
        case .postgres:
            // PostgreSQL protocol 55.2.10: SSLRequest (length 8, code 80877103), one byte: S or N.
            talk.step = "SSLRequest"
            try talk.send([0x00, 0x00, 0x00, 0x08, 0x04, 0xD2, 0x16, 0x2F])
            let answer = try talk.readBytes(1)
            switch answer.first {
            case UInt8(ascii: "S"):
                talk.setReply(text: "S (go ahead with TLS)")
                return done(true)
            case UInt8(ascii: "N"):
                talk.setReply(text: "N (this server does not do SSL: ssl = off in postgresql.conf)")
                return done(false)
            default:
                // An ErrorResponse ('E'), from servers older than 7.0 or not PostgreSQL at all.
                let rest = (try? talk.readAvailable(upTo: 512)) ?? []
                talk.setReply(bytes: answer + rest)
                return refuse("answered the SSLRequest with neither S nor N")
            }
        case .mysql:
            // MySQL client/server protocol: the server's Initial Handshake Packet (protocol 10)
            // with CLIENT_SSL (0x0800) among its capabilities, then our SSLRequest packet.
            talk.step = "greeting"
            let packet = try talk.readMySQLPacket()
            guard let greeting = MySQLGreeting(packet) else {
                talk.setReply(bytes: packet)
                return refuse(
                    packet.first == 0xFF
                        ? "refused the connection" : "greeted with something that is not a MySQL handshake"
                )
            }
            talk.setReply(
                text: "server \(greeting.serverVersion), capabilities 0x\(String(greeting.capabilities, radix: 16))"
            )
            guard greeting.capabilities & 0x0800 != 0 else {
                return refuse("does not offer SSL (CLIENT_SSL not among its capabilities)")
            }
            talk.step = "SSLRequest"
            try talk.send(mysqlSSLRequest)
            return done(true)
        case .irc:
            // IRCv3 tls extension: STARTTLS, 670 RPL_STARTTLS; 691 ERR_STARTTLS, 421/451 refusals.
            talk.step = "STARTTLS"
            try talk.send("STARTTLS\r\n")
            while true {
                let line = try talk.readLine()
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                if words.first == "PING" {
                    try talk.send("PONG \(words.dropFirst().joined(separator: " "))\r\n")
                    continue
                }
                guard words.count > 1, let numeric = Int(words[1]) else { continue }
                if numeric == 670 { return done(true) }
                if [691, 421, 451].contains(numeric) { return done(false, offered: numeric == 691) }
            }
        case .nntp:
            // RFC 4642: 200/201 greeting, CAPABILITIES (101 and a list ended by "."),
            // STARTTLS, 382.
            talk.step = "greeting"
            let greeting = try talk.readLine()
            guard greeting.hasPrefix("200") || greeting.hasPrefix("201") else {
                return refuse("greeted with an error, not 200 or 201")
            }
            talk.step = "CAPABILITIES"
            try talk.send("CAPABILITIES\r\n")
            var offered = false
            if try talk.readLine().hasPrefix("101") {
                while true {
                    let line = try talk.readLine()
                    if line == "." { break }
                    if line.uppercased().hasPrefix("STARTTLS") { offered = true }
                }
            }
            talk.step = "STARTTLS"
            try talk.send("STARTTLS\r\n")
            return done(try talk.readLine().hasPrefix("382"), offered: offered)
        case .sieve:
            // RFC 5804 2.2: capability lines ("STARTTLS" among them) ended by OK, STARTTLS, OK.
            talk.step = "greeting"
            var offered = false
            while true {
                let line = try talk.readLine()
                if line.uppercased().hasPrefix("\"STARTTLS\"") { offered = true }
                if line.uppercased().hasPrefix("OK") { break }
                if line.uppercased().hasPrefix("NO") || line.uppercased().hasPrefix("BYE") {
                    return refuse("greeted with \(line.prefix(3))")
                }
            }
            talk.step = "STARTTLS"
            try talk.send("STARTTLS\r\n")
            return done(try talk.readLine().uppercased().hasPrefix("OK"), offered: offered)
        }
    }

    /// LDAPMessage { messageID 1, extendedReq [APPLICATION 23] { requestName [0] "1.3.6.1.4.1.1466.20037" } },
    /// byte for byte what `openssl s_client -starttls ldap` sends.
    package static let ldapStartTLSRequest: [UInt8] =
        [0x30, 0x1D, 0x02, 0x01, 0x01, 0x77, 0x18, 0x80, 0x16] + Array("1.3.6.1.4.1.1466.20037".utf8)

    /// The SSLRequest packet `openssl s_client -starttls mysql` sends: sequence 1, CLIENT_SSL
    /// among the capabilities, max packet 16 MiB, utf8 (33), 23 reserved zero bytes.
    package static let mysqlSSLRequest: [UInt8] =
        [0x20, 0x00, 0x00, 0x01, 0x85, 0xAE, 0x7F, 0x00, 0x00, 0x00, 0x00, 0x01, 0x21]
        + [UInt8](repeating: 0, count: 23)

    package static func xmlEscaped(_ text: String) -> String {
        text.replacingEvery("&", with: "&amp;").replacingEvery("'", with: "&apos;")
            .replacingEvery("<", with: "&lt;").replacingEvery(">", with: "&gt;")
    }
}

/// An LDAPResult read from an ExtendedResponse (RFC 4511 4.1.9, 4.12): resultCode and
/// diagnosticMessage.
package struct LDAPResult {
    package let code: Int
    package let text: String

    /// Reads `LDAPMessage ::= SEQUENCE { messageID INTEGER, protocolOp [APPLICATION 24] {
    /// resultCode ENUMERATED, matchedDN OCTET STRING, diagnosticMessage OCTET STRING, ... } }`.
    package init?(_ message: [UInt8]) {
        guard let outer = BER.element(message[...]), outer.tag == 0x30,
            let id = BER.element(outer.contents), id.tag == 0x02,
            let op = BER.element(outer.contents[id.end...]), op.tag == 0x78,
            let result = BER.element(op.contents), result.tag == 0x0A, result.contents.count == 1,
            let code = result.contents.first
        else { return nil }
        self.code = Int(code)
        var text = "resultCode \(code)\(Self.names[Int(code)].map { " (\($0))" } ?? "")"
        if let dn = BER.element(op.contents[result.end...]), dn.tag == 0x04,
            let diagnostic = BER.element(op.contents[dn.end...]), diagnostic.tag == 0x04, !diagnostic.contents.isEmpty
        {
            text += ": " + PlaintextConversation.printable(Array(diagnostic.contents))
        }
        self.text = text
    }

    package static let names: [Int: String] = [
        0: "success", 1: "operationsError", 2: "protocolError", 3: "timeLimitExceeded", 7: "authMethodNotSupported",
        8: "strongerAuthRequired", 12: "unavailableCriticalExtension", 13: "confidentialityRequired",
        50: "insufficientAccessRights",
        51: "busy", 52: "unavailable", 53: "unwillingToPerform", 80: "other",
    ]
}

/// The few BER rules an LDAP response needs: one tag byte, short or long definite length.
package enum BER {
    package struct Element {
        package let tag: UInt8
        package let contents: ArraySlice<UInt8>
        /// The index after the element.
        package let end: Int
    }

    package static func element(_ bytes: ArraySlice<UInt8>) -> Element? {
        var index = bytes.startIndex
        guard index < bytes.endIndex else { return nil }
        let tag = bytes[index]
        index += 1
        guard let (length, lengthBytes) = length(bytes[index...]) else { return nil }
        index += lengthBytes
        guard length <= bytes.endIndex - index else { return nil }
        return Element(tag: tag, contents: bytes[index..<(index + length)], end: index + length)
    }

    /// A definite length and how many bytes it took; nil when cut short, indefinite or over 4 bytes.
    package static func length(_ bytes: ArraySlice<UInt8>) -> (Int, Int)? {
        guard let first = bytes.first else { return nil }
        if first < 0x80 { return (Int(first), 1) }
        let count = Int(first & 0x7F)
        guard count >= 1, count <= 4, bytes.count > count else { return nil }
        var value = 0
        for byte in bytes.dropFirst().prefix(count) { value = value << 8 | Int(byte) }
        return (value, 1 + count)
    }
}

/// The start of MySQL's Initial Handshake Packet (protocol version 10).
package struct MySQLGreeting {
    package let serverVersion: String
    /// The lower 16 bits of the capability flags.
    package let capabilities: UInt16

    package init?(_ payload: [UInt8]) {
        guard payload.first == 10, let nul = payload.dropFirst().firstIndex(of: 0) else { return nil }
        serverVersion = PlaintextConversation.printable(Array(payload[1..<nul]))
        // connection id (4), auth-plugin-data-part-1 (8), filler (1), capability flags (2).
        let flags = nul + 1 + 4 + 8 + 1
        guard payload.count >= flags + 2 else { return nil }
        capabilities = UInt16(payload[flags]) | UInt16(payload[flags + 1]) << 8
    }
}

/// The plain-text half of a connection: bounded reads under one deadline, and the server's
/// last reply kept for the report.
package final class PlaintextConversation {
    /// Why the prelude stopped before the upgrade.
    package struct Stop: Error {
        package let reason: String
    }

    private let connection: TCPConnection
    private let deadline: Deadline
    private let timeout: TimeInterval
    private var pending: [UInt8] = []
    private var received = 0
    private var reply: [String] = []
    /// The step under way, for the report.
    package var step = "greeting"

    package init(connection: TCPConnection, deadline: Deadline, timeout: TimeInterval) {
        self.connection = connection
        self.deadline = deadline
        self.timeout = timeout
    }

    /// The server's reply to the current step, printable and bounded.
    package var quotedReply: String {
        let text = reply.joined(separator: "\n")
        return text.count > StartTLS.maximumQuoted ? String(text.prefix(StartTLS.maximumQuoted)) + "…" : text
    }

    package func resetReply() { reply = [] }
    package func setReply(text: String) { reply = [text] }
    package func setReply(bytes: [UInt8]) { reply = [Self.printable(bytes)] }

    package func send(_ text: String) throws(Stop) { try send(Array(text.utf8)) }

    package func send(_ bytes: [UInt8]) throws(Stop) {
        // A new step: its reply replaces the last one.
        reply = []
        let failure = bytes.withUnsafeBytes { connection.send($0, until: deadline) }
        if failure != nil { throw Stop(reason: "closed the connection before \(step)") }
    }

    /// One line without its CR LF.
    package func readLine() throws(Stop) -> String {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                var line = Array(pending[..<newline])
                pending.removeFirst(newline + 1)
                if line.last == 0x0D { line.removeLast() }
                let text = Self.printable(line)
                if reply.count < 64 { reply.append(text) }
                return text
            }
            if pending.count > StartTLS.maximumLine {
                throw Stop(reason: "sent a line longer than \(StartTLS.maximumLine) bytes")
            }
            try fill()
        }
    }

    /// The lines of one SMTP or FTP reply: `250-…` lines continue it, `250 …` ends it.
    package func readReplyLines() throws(Stop) -> [String] {
        var lines: [String] = []
        while true {
            let line = try readLine()
            lines.append(line)
            let bytes = Array(line.utf8)
            if !(bytes.count > 3 && bytes[3] == UInt8(ascii: "-")) { return lines }
        }
    }

    /// Text up to and including the first of `markers` (XMPP's stanzas need not end lines).
    package func readUntil(anyOf markers: [String]) throws(Stop) -> String {
        var seen: [UInt8] = []
        while true {
            seen += pending
            pending = []
            let text = String(decoding: seen, as: UTF8.self)
            reply = [Self.printable(seen)]
            if markers.contains(where: { text.containsText($0) }) { return text }
            try fill()
        }
    }

    /// Exactly `count` bytes.
    package func readBytes(_ count: Int) throws(Stop) -> [UInt8] {
        while pending.count < count { try fill() }
        let bytes = Array(pending.prefix(count))
        pending.removeFirst(count)
        return bytes
    }

    /// What has arrived or arrives within a short wait, at most `limit` bytes.
    package func readAvailable(upTo limit: Int) throws(Stop) -> [UInt8] {
        if pending.isEmpty { try fill() }
        let bytes = Array(pending.prefix(limit))
        pending.removeFirst(bytes.count)
        return bytes
    }

    /// One BER element (an LDAPMessage), whole.
    package func readBERMessage() throws(Stop) -> [UInt8] {
        while true {
            if pending.count >= 2, let (length, lengthBytes) = BER.length(pending[1...]) {
                let total = 1 + lengthBytes + length
                guard total <= StartTLS.maximumBytes else { throw Stop(reason: "sent a message of \(total) bytes") }
                return try readBytes(total)
            }
            if pending.count >= 6 { throw Stop(reason: "sent something that is not an LDAP message") }
            try fill()
        }
    }

    /// One MySQL packet's payload: a 3-byte little-endian length and a sequence number first.
    package func readMySQLPacket() throws(Stop) -> [UInt8] {
        let header = try readBytes(4)
        let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16
        guard length <= StartTLS.maximumBytes else { throw Stop(reason: "sent a packet of \(length) bytes") }
        return try readBytes(length)
    }

    /// Waits for more bytes from the server, within the deadline and the byte bound.
    private func fill() throws(Stop) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            switch connection.receive(into: &buffer) {
            case .bytes(let count):
                received += count
                guard received <= StartTLS.maximumBytes else {
                    throw Stop(reason: "sent more than \(StartTLS.maximumBytes / 1024) KiB before the upgrade")
                }
                pending += buffer[0..<count]
                return
            case .endOfStream:
                throw Stop(reason: "closed the connection at \(step)")
            case .failed:
                throw Stop(reason: "reset the connection at \(step)")
            case .wouldBlock:
                switch connection.wait(for: Int16(POLLIN), until: deadline) {
                case .ready: continue
                case .timedOut: throw Stop(reason: "sent nothing more within \(Seconds.text(timeout)) at \(step)")
                case .failed: throw Stop(reason: "reset the connection at \(step)")
                }
            }
        }
    }

    /// Bytes as text a terminal and a JSON reader can take: printable ASCII kept, the rest as \xNN.
    package static func printable(_ bytes: [UInt8]) -> String {
        var out = ""
        for byte in bytes.prefix(StartTLS.maximumQuoted) {
            if byte >= 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == 0x0A {
                out += "\n"
            } else if byte == 0x0D {
                continue
            } else {
                out += SystemCall.format("\\x%02x", byte)
            }
        }
        return out
    }
}
