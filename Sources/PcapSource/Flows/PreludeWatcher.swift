import TLSModel
import TLSWire

/// The plain-text start of a TCP flow that may turn into TLS: a STARTTLS-style upgrade
/// (SMTP, LMTP, IMAP, POP3, FTP, XMPP, LDAP, PostgreSQL, MySQL, IRC, NNTP, Sieve) or a
/// tunnel (SOCKS4, SOCKS5, HTTP CONNECT). While a flow's directions are in their prelude,
/// `TrackedFlow` looks for a ClientHello at each segment start; this reads what was said
/// before it, to name the protocol and tell whether the client asked for TLS and the server
/// agreed.
///
/// Bounded: at most `maxBytes` per direction are watched (past them the direction is given
/// up as not TLS), and only the first `keptBytes` of each are kept to be read.
struct PreludeWatcher {
    /// Bytes of plain text watched per direction before it is given up as not TLS.
    static let maxBytes = 64 * 1024
    /// Bytes of each direction kept to name the protocol.
    static let keptBytes = 2048

    private(set) var client: [UInt8] = []
    private(set) var server: [UInt8] = []
    private(set) var clientCount = 0
    private(set) var serverCount = 0

    /// Adds plain text; false once the direction is past `maxBytes`.
    mutating func observe(_ bytes: some Collection<UInt8>, fromClient: Bool) -> Bool {
        if fromClient {
            clientCount += bytes.count
            if client.count < Self.keptBytes { client += bytes.prefix(Self.keptBytes - client.count) }
            return clientCount <= Self.maxBytes
        } else {
            serverCount += bytes.count
            if server.count < Self.keptBytes { server += bytes.prefix(Self.keptBytes - server.count) }
            return serverCount <= Self.maxBytes
        }
    }

    /// Whether anything was watched.
    var isEmpty: Bool { clientCount == 0 && serverCount == 0 }

    /// The memory held, as the capture's budget counts it.
    var heldBytes: Int { client.count + server.count }

    /// Whether a direction whose first bytes are `first` may be the start of a prelude that
    /// is watched: the greetings and first commands of the protocols above. Anything else
    /// (HTTP, SSH, …) is not watched, so ordinary plain-text flows cost nothing, unless the
    /// other direction's start was one (IMAP's client answers the server's greeting with
    /// any tag).
    static func mayStart(_ first: some Collection<UInt8>, fromClient: Bool) -> Bool {
        let bytes = Array(first.prefix(16))
        guard let lead = bytes.first else { return false }
        let text = String(decoding: bytes, as: UTF8.self).uppercased()
        if fromClient {
            if lead == 4 || lead == 5 || lead == 0x30 { return true }  // SOCKS4, SOCKS5, LDAP
            if bytes.starts(with: [0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F]) { return true }  // PostgreSQL SSLRequest
            // PostgreSQL StartupMessage 3.0
            if bytes.count >= 8, bytes[0] == 0, bytes[4...7].elementsEqual([0, 3, 0, 0]) { return true }
            if bytes.count >= 5, bytes[3] == 1 { return true }  // MySQL's answer to its greeting
            return [
                "EHLO", "HELO", "LHLO", "STARTTLS", "CONNECT ", "<?XML", "<STREAM", "NICK ", "CAP ", "PASS ",
                "CAPA", "STLS", "AUTH ", "USER ", "FEAT",
            ].contains { text.hasPrefix($0) }
        }
        if bytes.count > 5, bytes[3] == 0, bytes[4] == 10 { return true }  // MySQL greeting, protocol 10
        return [
            "220", "* OK", "* PREAUTH", "+OK", "200 ", "201 ", ":", "<?XML", "<STREAM", "\"IMPLEMENTATION\"",
            "\"SIEVE\"",
        ]
        .contains { text.hasPrefix($0) }
    }

    /// What the prelude was.
    struct Reading: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            /// `smtp`, `imap`, …: the protocol that upgraded to TLS in place.
            case upgrade(PlaintextProtocol)
            /// `socks4`, `socks5`, `http-connect`: TLS inside a proxy's tunnel.
            case tunnel(TunnelProtocol)
        }
        var kind: Kind
        /// Whether the client asked for the upgrade (or the tunnel).
        var requested: Bool
        /// Whether the server agreed: nil when no answer was seen.
        var accepted: Bool?
        /// The server's answer to the request, as text (first line, at most 200 characters).
        var reply: String?
        /// When the client did not ask: the first command with which it went on in plain
        /// text (`MAIL`, `LOGIN`, `USER`, a PostgreSQL StartupMessage, an LDAP bindRequest):
        /// past the greeting and capability exchange, where TLS should have started. Nil
        /// while it has only greeted, asked for capabilities or quit.
        var plainCommand: String?
        /// When the client did not ask: whether the server offered the upgrade (its
        /// capabilities list STARTTLS, STLS, AUTH TLS, <starttls/>, CLIENT_SSL); nil when
        /// the protocol does not say.
        var serverOffered: Bool?
        /// The server's line that offered it ("250-STARTTLS"), at most 200 characters.
        var offer: String?

        init(
            kind: Kind,
            requested: Bool,
            accepted: Bool?,
            reply: String?,
            plainCommand: String? = nil,
            serverOffered: Bool? = nil,
            offer: String? = nil
        ) {
            self.kind = kind
            self.requested = requested
            self.accepted = accepted
            self.reply = reply
            self.plainCommand = plainCommand
            self.serverOffered = serverOffered
            self.offer = offer
        }

        /// A session of a protocol that upgrades in place, in which the client never asked
        /// for TLS and went on in plain text.
        var wentOnInPlainText: Bool {
            guard case .upgrade = kind else { return false }
            return !requested && plainCommand != nil
        }
    }

    /// The protocol and how the upgrade went, or nil when the prelude is none of those known.
    var reading: Reading? { Self.read(client: client, server: server) }

    // MARK: reading

    static func read(client: [UInt8], server: [UInt8]) -> Reading? {
        if let binary = readBinary(client: client, server: server) { return binary }
        let clientLines = lines(client)
        let serverLines = lines(server)
        let upperClient = clientLines.map { $0.uppercased() }
        // HTTP CONNECT: "CONNECT host:port HTTP/1.1" → "HTTP/1.1 200 ...".
        if let first = upperClient.first, first.hasPrefix("CONNECT "), first.containsText(" HTTP/1.") {
            let status = serverLines.first { $0.uppercased().hasPrefix("HTTP/1.") }
            return Reading(
                kind: .tunnel(.httpConnect),
                requested: true,
                accepted: status.map { $0.split(separator: " ").dropFirst().first == "200" },
                reply: status.map(short)
            )
        }
        // XMPP: <starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'/> → <proceed .../> or <failure .../>.
        let stream = Array("<stream:stream".utf8)
        if contains(client, stream) || contains(server, stream) {
            let clientText = String(decoding: client, as: UTF8.self)
            let serverText = String(decoding: server, as: UTF8.self)
            let requested = clientText.containsText("<starttls")
            var accepted: Bool?
            if serverText.containsText("<proceed") {
                accepted = true
            } else if requested && serverText.containsText("<failure") {
                accepted = false
            }
            let server = clientText.containsText("jabber:server") ? PlaintextProtocol.xmppServer : .xmpp
            // Without <starttls/>: SASL authentication or stanzas in plain text.
            // The first of them in the client's stream.
            let plain =
                requested
                ? nil
                : ["<auth", "<iq", "<message", "<presence"]
                    .compactMap { tag in clientText.scalarRange(of: tag).map { (tag, $0.lowerBound) } }
                    .min { $0.1 < $1.1 }.map { String($0.0.dropFirst()) }
            let offered = serverText.containsText("<stream:features") ? serverText.containsText("<starttls") : nil
            return Reading(
                kind: .upgrade(server),
                requested: requested,
                accepted: requested ? accepted : nil,
                reply: accepted == nil ? nil : (accepted! ? "<proceed/>" : "<failure/>"),
                plainCommand: plain,
                serverOffered: requested ? nil : offered,
                offer: offered == true && !requested ? "<starttls/>" : nil
            )
        }
        guard let greeting = serverLines.first else {
            return nil
        }
        let upperGreeting = greeting.uppercased()
        // The client's upgrade command and the protocol it belongs to.
        func command(_ name: String) -> Int? { upperClient.firstIndex { $0 == name || $0.hasSuffix(" " + name) } }
        let protocolName: PlaintextProtocol
        let requestIndex: Int?
        let acceptedWhen: (String) -> Bool
        if upperClient.contains(where: { $0.hasPrefix("EHLO") || $0.hasPrefix("HELO") || $0.hasPrefix("LHLO") })
            || (upperGreeting.hasPrefix("220") && upperGreeting.containsText("SMTP"))
        {
            protocolName =
                upperClient.contains { $0.hasPrefix("LHLO") } || upperGreeting.containsText("LMTP") ? .lmtp : .smtp
            requestIndex = command("STARTTLS")
            acceptedWhen = { $0.hasPrefix("220") }
        } else if upperGreeting.hasPrefix("* OK") || upperGreeting.hasPrefix("* PREAUTH") {
            protocolName = .imap
            requestIndex = command("STARTTLS")
            acceptedWhen = { line in line.split(separator: " ").dropFirst().first?.uppercased() == "OK" }
        } else if upperGreeting.hasPrefix("+OK") {
            protocolName = .pop3
            requestIndex = command("STLS")
            acceptedWhen = { $0.hasPrefix("+OK") }
        } else if upperClient.contains(where: { $0.hasPrefix("NICK ") || $0.hasPrefix("CAP ") })
            || greeting.hasPrefix(":")
        {
            protocolName = .irc
            requestIndex = command("STARTTLS")
            acceptedWhen = { $0.split(separator: " ").dropFirst().first == "670" }
        } else if upperClient.contains(where: { $0.hasPrefix("AUTH TLS") || $0.hasPrefix("AUTH SSL") })
            || (upperGreeting.hasPrefix("220")
                && upperClient.contains(where: { $0.hasPrefix("USER ") || $0 == "FEAT" }))
        {
            protocolName = .ftp
            requestIndex = upperClient.firstIndex { $0.hasPrefix("AUTH TLS") || $0.hasPrefix("AUTH SSL") }
            acceptedWhen = { $0.hasPrefix("234") }
        } else if upperGreeting.hasPrefix("200 ") || upperGreeting.hasPrefix("201 ") {
            protocolName = .nntp
            requestIndex = command("STARTTLS")
            acceptedWhen = { $0.hasPrefix("382") }
        } else if serverLines.contains(where: {
            $0.uppercased().hasPrefix("\"IMPLEMENTATION\"") || $0.uppercased().hasPrefix("\"SIEVE\"")
        }) {
            protocolName = .sieve
            requestIndex = command("STARTTLS")
            acceptedWhen = { $0.uppercased().hasPrefix("OK") }
        } else if upperGreeting.hasPrefix("220") {
            // A 220 greeting without more to go on: SMTP asks with STARTTLS, FTP with AUTH.
            protocolName = .smtp
            requestIndex = command("STARTTLS")
            acceptedWhen = { $0.hasPrefix("220") }
        } else {
            return nil
        }
        guard let requestIndex else {
            let offer = offerLine(serverLines, protocolName: protocolName)
            // IMAP's PREAUTH greeting: the session is authenticated already and STARTTLS is
            // not allowed in it (RFC 3501 §6.2.1): the client had nothing to ask.
            let preauthenticated = protocolName == .imap && upperGreeting.hasPrefix("* PREAUTH")
            return Reading(
                kind: .upgrade(protocolName),
                requested: false,
                accepted: nil,
                reply: nil,
                plainCommand: preauthenticated ? nil : plainCommand(upperClient, protocolName: protocolName),
                serverOffered: offer != nil
                    ? true
                    : (capabilitiesSeen(serverLines, client: upperClient, protocolName: protocolName) ? false : nil),
                offer: offer.map(short)
            )
        }
        // The server's answer: its last line (SMTP and FTP answer in one line; the others
        // end their answer with the status line), which the TLS bytes follow.
        let answer = answerLine(
            serverLines,
            protocolName: protocolName,
            requestIndex: requestIndex,
            clientLines: upperClient
        )
        return Reading(
            kind: .upgrade(protocolName),
            requested: true,
            accepted: answer.map(acceptedWhen),
            reply: answer.map(short)
        )
    }

    /// Commands a client may send before it asks for TLS: greeting, capabilities, no-ops,
    /// quitting. Anything else, unasked, goes on in plain text.
    static let preUpgradeCommands: [PlaintextProtocol: Set<String>] = [
        .smtp: ["EHLO", "HELO", "LHLO", "NOOP", "RSET", "QUIT", "HELP"],
        .lmtp: ["LHLO", "EHLO", "NOOP", "RSET", "QUIT", "HELP"],
        .imap: ["CAPABILITY", "NOOP", "LOGOUT", "ID"],
        .pop3: ["CAPA", "NOOP", "QUIT"],
        .ftp: ["FEAT", "SYST", "NOOP", "QUIT", "HELP", "OPTS"],
        .nntp: ["CAPABILITIES", "MODE", "DATE", "HELP", "QUIT"],
        .sieve: ["CAPABILITY", "NOOP", "LOGOUT"],
        .irc: ["CAP", "PING", "PONG", "QUIT"],
    ]

    /// The first client command past the greeting and capability exchange (IMAP's after its
    /// tag), or nil.
    static func plainCommand(_ upperClient: [String], protocolName: PlaintextProtocol) -> String? {
        let allowed = preUpgradeCommands[protocolName] ?? []
        for line in upperClient {
            var words = line.split(separator: " ", omittingEmptySubsequences: true)
            if protocolName == .imap { words = Array(words.dropFirst()) }
            if protocolName == .irc, words.first?.hasPrefix(":") == true { words = Array(words.dropFirst()) }
            guard let verb = words.first else { continue }
            let name = String(verb.prefix(20)).filter { $0.isLetter || $0.isNumber }
            guard !name.isEmpty else { continue }
            if !allowed.contains(name) { return name }
        }
        return nil
    }

    /// The server line that offers the upgrade: SMTP's `250-STARTTLS`, IMAP's capability
    /// `STARTTLS`, POP3's `STLS`, FTP's `AUTH TLS`, NNTP's and Sieve's `STARTTLS`, IRC's
    /// `tls` capability.
    static func offerLine(_ serverLines: [String], protocolName: PlaintextProtocol) -> String? {
        serverLines.first { line in
            let upper = line.uppercased()
            let words = upper.split { $0 == " " || $0 == "-" || $0 == "\"" || $0 == "[" || $0 == "]" || $0 == "=" }
            switch protocolName {
            case .pop3: return upper == "STLS" || upper.hasPrefix("STLS ")
            case .ftp: return upper.containsText("AUTH TLS") || (upper.hasPrefix(" AUTH") && upper.containsText("TLS"))
            case .irc:
                return words.contains("CAP") && words.contains("LS")
                    && (words.contains("TLS") || upper.containsText(":TLS"))
            default: return words.contains("STARTTLS")
            }
        }
    }

    /// Whether the server listed its capabilities (so that no offer among them means it
    /// does not offer TLS): SMTP's answer to EHLO, IMAP's CAPABILITY, POP3's CAPA list,
    /// FTP's FEAT, NNTP's CAPABILITIES, Sieve's greeting, IRC's CAP LS.
    static func capabilitiesSeen(
        _ serverLines: [String],
        client upperClient: [String],
        protocolName: PlaintextProtocol
    ) -> Bool {
        let upper = serverLines.map { $0.uppercased() }
        func sent(_ verb: String) -> Bool { upperClient.contains { $0 == verb || $0.hasPrefix(verb + " ") } }
        switch protocolName {
        case .smtp, .lmtp: return (sent("EHLO") || sent("LHLO")) && upper.dropFirst().contains { $0.hasPrefix("250") }
        // Before login: the greeting's [CAPABILITY …] or an untagged CAPABILITY (not a
        // tagged answer's, which lists what the logged-in session has).
        case .imap: return upper.contains { $0.hasPrefix("* CAPABILITY ") || $0.hasPrefix("* OK [CAPABILITY ") }
        case .pop3: return sent("CAPA") && upper.contains(".")
        case .ftp: return sent("FEAT") && upper.contains { $0.hasPrefix("211") }
        case .nntp: return upper.contains { $0.hasPrefix("101") }
        case .sieve: return upper.contains { $0.hasPrefix("\"IMPLEMENTATION\"") }
        case .irc: return sent("CAP") && upper.contains { $0.containsText(" CAP ") && $0.containsText(" LS") }
        default: return false
        }
    }

    /// The server line that answers the client's upgrade command (the client's line
    /// `requestIndex`). SMTP, LMTP, FTP and NNTP answer each command with one reply (its
    /// lines but the last have a "-" after the code), the greeting being the first; POP3
    /// with one +OK or -ERR line; IMAP with the line that carries the command's tag; IRC and
    /// Sieve: the server's last line, which the TLS bytes follow.
    static func answerLine(
        _ serverLines: [String],
        protocolName: PlaintextProtocol,
        requestIndex: Int,
        clientLines: [String]
    ) -> String? {
        switch protocolName {
        case .smtp, .lmtp, .ftp, .nntp:
            // The ends of replies: a line of three digits and a space (or nothing).
            let ends = serverLines.filter { line in
                let chars = Array(line.utf8)
                return chars.count >= 3 && chars.prefix(3).allSatisfy { (0x30...0x39).contains($0) }
                    && (chars.count == 3 || chars[3] == 0x20)
            }
            let index = requestIndex + 1
            return index < ends.count ? ends[index] : nil
        case .pop3:
            let statuses = serverLines.filter { $0.hasPrefix("+OK") || $0.hasPrefix("-ERR") }
            let index = requestIndex + 1
            return index < statuses.count ? statuses[index] : nil
        case .imap:
            // The tagged answer to this command: clients may use one tag for every command
            // (s_client's "."), so the n-th line with the tag answers its n-th command.
            guard let tag = clientLines[requestIndex].split(separator: " ").first else { return nil }
            let occurrence = clientLines[...requestIndex].filter { $0.split(separator: " ").first == tag }.count
            let answers = serverLines.filter { $0.uppercased().hasPrefix(tag + " ") }
            return occurrence <= answers.count ? answers[occurrence - 1] : nil
        default:
            return serverLines.count > 1 ? serverLines.last : nil
        }
    }

    /// PostgreSQL's SSLRequest, LDAP's StartTLS extended operation, MySQL's SSL capability,
    /// SOCKS4 and SOCKS5.
    static func readBinary(client: [UInt8], server: [UInt8]) -> Reading? {
        // PostgreSQL: Int32 8, Int32 80877103 → 'S' or 'N'.
        if client.count >= 8, client.prefix(8).elementsEqual([0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F]) {
            let answer = server.first
            return Reading(
                kind: .upgrade(.postgres),
                requested: true,
                accepted: answer.map { $0 == UInt8(ascii: "S") },
                reply: answer.map { String(UnicodeScalar($0)) }
            )
        }
        // LDAP: an ExtendedRequest naming 1.3.6.1.4.1.1466.20037 → an ExtendedResponse whose
        // resultCode is 0.
        let startTLSOID = Array("1.3.6.1.4.1.1466.20037".utf8)
        if client.first == 0x30, contains(client, startTLSOID) {
            let result = ldapExtendedResult(server)
            return Reading(
                kind: .upgrade(.ldap),
                requested: true,
                accepted: result.map { $0 == 0 },
                reply: result.map { code in "resultCode \(code)" + (ldapResultNames[code].map { " (\($0))" } ?? "") }
            )
        }
        // LDAP without StartTLS: the first LDAPMessage is a simple bind, its password in the
        // clear.
        if client.first == 0x30, let operation = ldapOperation(client) {
            return Reading(kind: .upgrade(.ldap), requested: false, accepted: nil, reply: nil, plainCommand: operation)
        }
        // PostgreSQL without SSLRequest: the StartupMessage (Int32 length, Int32 196608,
        // user and database) first.
        if client.count >= 8, client[0] == 0, client[4...7].elementsEqual([0, 3, 0, 0]) {
            return Reading(
                kind: .upgrade(.postgres),
                requested: false,
                accepted: nil,
                reply: nil,
                plainCommand: "StartupMessage"
            )
        }
        if client.count >= 3, client[0] == 5, Int(client[1]) + 2 <= client.count, Int(client[1]) >= 1 {
            return readSOCKS5(client: client, server: server)
        }
        // SOCKS4/4a: VN 4, CD 1 (CONNECT) → VN 0, CD 90 granted.
        if client.count >= 9, client[0] == 4, client[1] == 1 {
            let status = server.count >= 2 && server[0] == 0 ? server[1] : nil
            return Reading(
                kind: .tunnel(.socks4),
                requested: true,
                accepted: status.map { $0 == 90 },
                reply: status.map { "CD \($0)" }
            )
        }
        // MySQL: the server's greeting (protocol 10) first; the client's SSL request is a
        // 32-byte packet with CLIENT_SSL (0x0800) in its capability flags.
        if server.count > 5, server[3] == 0, server[4] == 10 {
            var requested = false
            var answered = false
            if client.count >= 9, client[3] == 1 {
                answered = true
                let capabilities = Int(client[4]) | Int(client[5]) << 8
                requested = capabilities & 0x0800 != 0
            }
            // The greeting: server version (NUL-terminated), thread id (4), scramble (8),
            // filler (1), then the capability flags' lower two bytes.
            var offered: Bool?
            if let end = server[5...].firstIndex(of: 0), end + 15 < server.count {
                offered = (Int(server[end + 14]) | Int(server[end + 15]) << 8) & 0x0800 != 0
            }
            return Reading(
                kind: .upgrade(.mysql),
                requested: requested,
                accepted: requested ? true : nil,
                reply: nil,
                plainCommand: answered && !requested ? "HandshakeResponse" : nil,
                serverOffered: requested ? nil : offered,
                offer: offered == true && !requested ? "CLIENT_SSL" : nil
            )
        }
        return nil
    }

    /// SOCKS5 (RFC 1928): the client's VER 5, NMETHODS, METHODS…, the server's choice (VER 5,
    /// METHOD; 0xFF: none acceptable); with username/password (METHOD 2, RFC 1929) the
    /// client's sub-negotiation (VER 1, ULEN, UNAME, PLEN, PASSWD) and the server's status
    /// (VER 1, STATUS; 0 is success, anything else a refusal after which the server closes);
    /// then CONNECT (VER 5, CMD 1, RSV, ATYP, …) and the reply VER 5, REP (0 is success).
    /// The credentials are skipped by their lengths, never kept in the reading.
    static func readSOCKS5(client: [UInt8], server: [UInt8]) -> Reading? {
        let methodCount = Int(client[1])
        let methods = client[2..<(2 + methodCount)]
        var request = client[(2 + methodCount)...]
        var answer = server[...]
        var chosen: UInt8?
        if answer.count >= 2, answer.first == 5 {
            chosen = answer[answer.startIndex + 1]
        }
        // A method choice not all here says nothing yet.
        answer = answer.dropFirst(2)
        if chosen == 0xFF {
            return Reading(
                kind: .tunnel(.socks5),
                requested: true,
                accepted: false,
                reply: "METHOD 255 (no acceptable method)"
            )
        }
        if request.first == 1, chosen == 2 || (chosen == nil && methods.contains(2)) {
            // Username/password: skipped by their lengths.
            guard request.count >= 2 else { return nil }
            let userLength = Int(request[request.startIndex + 1])
            guard request.count >= 3 + userLength else { return nil }
            let passwordLength = Int(request[request.startIndex + 2 + userLength])
            guard request.count >= 3 + userLength + passwordLength else { return nil }
            request = request.dropFirst(3 + userLength + passwordLength)
            if answer.count >= 2, answer.first == 1 {
                let status = answer[answer.startIndex + 1]
                guard status == 0 else {
                    return Reading(
                        kind: .tunnel(.socks5),
                        requested: true,
                        accepted: false,
                        reply: "authentication STATUS \(status) (username/password refused)"
                    )
                }
            }
            // A status not all here says nothing yet.
            answer = answer.dropFirst(2)
        }
        guard request.count >= 4, request.first == 5, request.dropFirst().first == 1 else { return nil }
        let status = answer.count >= 2 && answer.first == 5 ? answer[answer.startIndex + 1] : nil
        return Reading(
            kind: .tunnel(.socks5),
            requested: true,
            accepted: status.map { $0 == 0 },
            reply: status.map { "REP \($0)" }
        )
    }

    /// `bytes` as kept to be quoted (a plain-text start), cut before anything that may be a
    /// password, so a report never carries one: a SOCKS5 client's RFC 1929 sub-negotiation
    /// before its password, an LDAP BindRequest before its name and credentials, and a text
    /// line after a word that carries credentials (IRC's and POP3's `PASS`, SMTP's `AUTH`,
    /// IMAP's `LOGIN` and `AUTHENTICATE`, FTP's `PASS`, HTTP's `Authorization:` and
    /// `Proxy-Authorization:`), the word itself kept.
    static func withoutSecrets(_ bytes: [UInt8]) -> [UInt8] {
        // The earliest cut of those that apply: a SOCKS5 password may hold bytes that read
        // as a word or a line break.
        let cuts = [socks5PasswordCut(bytes), ldapBindCut(bytes), credentialWordCut(bytes)].compactMap { $0 }
        guard let cut = cuts.min() else { return bytes }
        return Array(bytes.prefix(cut))
    }

    /// Where a SOCKS5 client's RFC 1929 sub-negotiation reaches its password: VER 1, ULEN
    /// and UNAME are kept, PLEN and the password not.
    static func socks5PasswordCut(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 3, bytes[0] == 5, bytes[1] >= 1 else { return nil }
        let auth = 2 + Int(bytes[1])
        guard auth + 1 < bytes.count, bytes[auth] == 1 else { return nil }
        return min(bytes.count, auth + 2 + Int(bytes[auth + 1]))
    }

    /// Where an LDAPMessage holding a BindRequest ([APPLICATION 0], tag 0x60) starts its
    /// contents: version, name and the simple password come after it.
    static func ldapBindCut(_ bytes: [UInt8]) -> Int? {
        guard let message = berHeader(bytes, at: 0), message.tag == 0x30,
            let id = berHeader(bytes, at: message.start), id.tag == 0x02,
            let op = berHeader(bytes, at: id.start + id.length), op.tag == 0x60
        else { return nil }
        return min(op.start, bytes.count)
    }

    /// The words after which a text line carries credentials, as they start a line (or
    /// follow an IMAP tag), upper case.
    static let credentialWords: [[UInt8]] = [
        "PASS ", "AUTH ", "LOGIN ", "AUTHENTICATE ", "AUTHORIZATION:", "PROXY-AUTHORIZATION:",
    ]
    .map { Array($0.utf8) }

    /// Where the first credential-carrying word of a text line ends (see `withoutSecrets`).
    static func credentialWordCut(_ bytes: [UInt8]) -> Int? {
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[lineStart..<lineEnd].map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
            // The line's first word, and for IMAP the word after its tag.
            var starts = [0]
            if let space = line.firstIndex(of: UInt8(ascii: " ")) { starts.append(space + 1) }
            for start in starts {
                for word in credentialWords
                where line.count >= start + word.count && line[start..<(start + word.count)].elementsEqual(word) {
                    return lineStart + start + word.count
                }
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// A BER tag and definite length at `i` (RFC 4511 §5.1: LDAP uses the definite form
    /// only): the tag, where the contents start and how long they are. Nil when the header
    /// is not all here, or its length is indefinite or longer than 4 octets.
    static func berHeader(_ bytes: [UInt8], at i: Int) -> (tag: UInt8, start: Int, length: Int)? {
        guard i >= 0, i + 1 < bytes.count else { return nil }
        let first = Int(bytes[i + 1])
        if first < 0x80 { return (bytes[i], i + 2, first) }
        let octets = first & 0x7F
        guard (1...4).contains(octets), i + 1 + octets < bytes.count else { return nil }
        var length = 0
        for k in 0..<octets { length = length << 8 | Int(bytes[i + 2 + k]) }
        return (bytes[i], i + 2 + octets, length)
    }

    /// The resultCode of the first ExtendedResponse among the server's LDAPMessages (RFC 4511
    /// §4.2, §4.12): `SEQUENCE { messageID INTEGER, protocolOp [APPLICATION 24] { resultCode
    /// ENUMERATED, … }, … }`, read by tag and length (a message ID or length of 0x78 is not
    /// the operation's tag). Other messages before it are skipped by their length; at most
    /// 16 are read. Nil until the resultCode is here, or when the bytes are not LDAP.
    static func ldapExtendedResult(_ server: [UInt8]) -> Int? {
        var i = 0
        for _ in 0..<16 {
            guard let message = berHeader(server, at: i), message.tag == 0x30 else { return nil }
            let end = message.start + message.length
            guard let id = berHeader(server, at: message.start), id.tag == 0x02, (1...4).contains(id.length) else {
                return nil
            }
            let opStart = id.start + id.length
            guard opStart < end, let op = berHeader(server, at: opStart) else { return nil }
            if op.tag == 0x78 {
                guard let code = berHeader(server, at: op.start), code.tag == 0x0A, (1...4).contains(code.length),
                    code.start + code.length <= min(server.count, op.start + op.length)
                else { return nil }
                return server[code.start..<(code.start + code.length)].reduce(0) { $0 << 8 | Int($1) }
            }
            guard end > i, end < server.count else { return nil }
            i = end
        }
        return nil
    }

    /// The names of the resultCodes a StartTLS refusal gives (RFC 4511 Appendix A, §4.14.2).
    static let ldapResultNames: [Int: String] = [
        0: "success", 1: "operationsError", 2: "protocolError", 3: "timeLimitExceeded", 8: "strongerAuthRequired",
        51: "busy", 52: "unavailable", 53: "unwillingToPerform", 80: "other",
    ]

    /// "bindRequest" when the LDAPMessage that opens a stream (`SEQUENCE { messageID INTEGER,
    /// protocolOp }`, RFC 4511 §4.2) is a simple bind with a password; nil otherwise.
    static func ldapOperation(_ client: [UInt8]) -> String? {
        guard client.count >= 7, client[0] == 0x30 else { return nil }
        var i = 1
        if client[i] & 0x80 != 0 {
            let octets = Int(client[i] & 0x7F)
            guard (1...4).contains(octets) else { return nil }
            i += octets
        }
        i += 1
        guard i + 1 < client.count, client[i] == 0x02 else { return nil }
        let idLength = Int(client[i + 1])
        guard (1...4).contains(idLength) else { return nil }
        i += 2 + idLength
        // BindRequest ::= [APPLICATION 0] { version INTEGER, name LDAPDN, authentication }:
        // only a simple bind with a password sends a secret in the clear. A SASL bind
        // (GSSAPI, GSS-SPNEGO: Active Directory, SSSD) may sign and seal what follows, an
        // anonymous one sends nothing secret, and a first search is usually the rootDSE.
        guard i + 1 < client.count, client[i] == 0x60 else { return nil }
        i += 2
        if client[i - 1] & 0x80 != 0 { i += Int(client[i - 1] & 0x7F) }
        guard i + 2 < client.count, client[i] == 0x02, client[i + 1] == 1 else { return nil }
        i += 3
        guard i + 1 < client.count, client[i] == 0x04 else { return nil }
        var nameLength = Int(client[i + 1])
        i += 2
        if nameLength & 0x80 != 0 {
            let octets = nameLength & 0x7F
            guard (1...2).contains(octets), i + octets <= client.count else { return nil }
            nameLength = client[i..<(i + octets)].reduce(0) { $0 << 8 | Int($1) }
            i += octets
        }
        i += nameLength
        guard i + 1 < client.count, client[i] == 0x80, client[i + 1] > 0 else { return nil }
        return "bindRequest"
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Text lines (CRLF or LF), printable ASCII only; at most 64.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A {
                if current.last == 0x0D { current.removeLast() }
                result.append(String(decoding: current, as: UTF8.self))
                current = []
                if result.count == 64 { return result }
            } else {
                current.append(byte)
            }
        }
        return result
    }

    static func short(_ line: String) -> String {
        let printable = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
        return printable.count > 200 ? String(printable.prefix(200)) : printable
    }
}
