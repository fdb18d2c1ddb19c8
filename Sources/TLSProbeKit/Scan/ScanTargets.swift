import SystemCalls
import TLSDiagnosis
import TLSWire

/// One target of `scan` as the user wrote it: a host name, an address, `HOST:PORT`,
/// `[v6]:PORT`, a CIDR block (`10.0.0.0/24`, `fd00::/120`) or a range (`10.0.0.10-40`,
/// `10.0.0.10-10.0.1.20`). Addresses are never held as a list: a block is its first
/// address and a count, and `host(at:)` computes the one asked for.
public struct ScanTarget: Sendable, Hashable, CustomStringConvertible {
    public enum Hosts: Sendable, Hashable {
        /// A DNS name, resolved when it is scanned.
        case name(String)
        /// `count` consecutive addresses from `first` (4 or 16 bytes).
        case addresses(first: [UInt8], count: Int)
    }

    public var hosts: Hosts
    /// The port given with the host (`HOST:PORT`); nil: every port of `--ports`.
    public var port: Int?
    /// As written.
    public var text: String

    public var description: String { text }

    /// How many hosts (addresses, or the one name).
    public var hostCount: Int {
        switch hosts {
        case .name: return 1
        case .addresses(_, let count): return count
        }
    }

    /// The `index`-th host, as text: the name, or the address `first + index`.
    public func host(at index: Int) -> String {
        switch hosts {
        case .name(let name): return name
        case .addresses(let first, _): return IPAddressText.format(Self.add(index, to: first))
        }
    }

    /// `bytes` read as one big-endian number, plus `n`.
    static func add(_ n: Int, to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var carry = UInt64(n)
        var i = out.count - 1
        while carry > 0 && i >= 0 {
            let sum = UInt64(out[i]) + (carry & 0xFF)
            out[i] = UInt8(sum & 0xFF)
            carry = (carry >> 8) + (sum >> 8)
            i -= 1
        }
        return out
    }
}

/// Reads scan targets, `--ports` lists, `--targets-file` and `--host-map` contents. Pure:
/// no lookups, no clock; every input, however hostile, is refused with a message or read.
public enum ScanInput {
    /// Why an input cannot be read; the message says what to write instead.
    public struct ParseError: Error, Sendable, CustomStringConvertible, Equatable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The most addresses one scan takes even with `--force`: a /8 of IPv4.
    public static let hardLimit = 1 << 24
    /// The most addresses without `--force`: a /16.
    public static let defaultLimit = 65_536
    /// The longest target text read (a host name is at most 253).
    static let maximumTargetLength = 300

    /// Ports where devices on a local network serve TLS from the first byte, then the
    /// STARTTLS ports (SMTP, submission, IMAP, POP3, LDAP, PostgreSQL), where scan upgrades
    /// first as `connect --starttls` does (`ScanSession`: by the port's protocol).
    public static let defaultPorts = [
        443, 4433, 8443, 9443, 636, 993, 995, 465, 8883, 5061, 5986, 631, 10443, 25, 587, 143, 110, 389, 5432,
    ]

    // MARK: targets

    /// One target.
    public static func target(_ raw: String) throws(ParseError) -> ScanTarget {
        let text = raw.trimmingSpaces()
        guard !text.isEmpty else {
            throw ParseError("an empty target: give a host, an address, HOST:PORT, a CIDR block or a range")
        }
        guard text.utf8.count <= maximumTargetLength else {
            throw ParseError("a target of \(text.utf8.count) bytes: a host name has at most 253")
        }
        let shown = String(text.prefix(60))
        guard
            text.allSatisfy({
                $0.isASCII && !$0.isWhitespace && !$0.isNewline && $0.asciiValue.map { $0 >= 0x21 && $0 < 0x7F } == true
            })
        else {
            throw ParseError(
                "\"\(shown)\": a target is a host name, an address, a block or a range, in ASCII without spaces"
            )
        }

        // [v6] or [v6]:port
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw ParseError("\"\(shown)\": an IPv6 address in brackets needs its closing \"]\"")
            }
            let inner = String(text[text.index(after: text.startIndex)..<close])
            guard let bytes = IPAddressText.parse(inner), bytes.count == 16 else {
                throw ParseError("\"\(shown)\": \"\(inner)\" in brackets is not an IPv6 address")
            }
            let after = text[text.index(after: close)...]
            var port: Int?
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw ParseError("\"\(shown)\": expected \":PORT\" after \"]\"") }
                port = try self.port(String(after.dropFirst()), in: shown)
            }
            return ScanTarget(hosts: .addresses(first: bytes, count: 1), port: port, text: text)
        }

        // A CIDR block.
        if let slash = text.firstIndex(of: "/") {
            let addressText = String(text[..<slash])
            let prefixText = String(text[text.index(after: slash)...])
            guard let bytes = IPAddressText.parse(addressText) else {
                throw ParseError(
                    "\"\(shown)\": a CIDR block is ADDRESS/PREFIX, e.g. 10.0.0.0/24 or fd00::/120 (\"\(addressText)\" is not an address; a port goes in --ports)"
                )
            }
            let bits = bytes.count * 8
            guard !prefixText.isEmpty, prefixText.count <= 3, prefixText.allSatisfy(\.isASCIIDigit),
                let prefix = Int(prefixText), prefix <= bits
            else {
                throw ParseError(
                    "\"\(shown)\": the prefix length must be a number from 0 to \(bits) (a port goes in --ports)"
                )
            }
            let hostBits = bits - prefix
            guard hostBits <= 24 else {
                throw ParseError(
                    "\"\(shown)\": 2^\(hostBits) addresses; scan takes at most \(hardLimit) (a /\(bits - 24)) even with --force: scan it in parts"
                )
            }
            // The block's network address: host bits cleared.
            var first = bytes
            for i in 0..<first.count {
                let bitStart = i * 8
                if bitStart >= prefix {
                    first[i] = 0
                } else if bitStart + 8 > prefix {
                    first[i] &= UInt8(truncatingIfNeeded: 0xFF << (8 - (prefix - bitStart)))
                }
            }
            return ScanTarget(hosts: .addresses(first: first, count: 1 << hostBits), port: nil, text: text)
        }

        let colons = text.filter { $0 == ":" }.count
        // A bare IPv6 address, or an IPv6 range fd00::1-fd00::20.
        if colons > 1 {
            if let bytes = IPAddressText.parse(text), bytes.count == 16 {
                return ScanTarget(hosts: .addresses(first: bytes, count: 1), port: nil, text: text)
            }
            if let dash = text.firstIndex(of: "-") {
                return try range(
                    String(text[..<dash]),
                    String(text[text.index(after: dash)...]),
                    text: text,
                    shown: shown
                )
            }
            throw ParseError("\"\(shown)\": not an IPv6 address; write an IPv6 address with a port as [ADDRESS]:PORT")
        }

        var hostText = text
        var port: Int?
        if colons == 1, let colon = text.firstIndex(of: ":") {
            hostText = String(text[..<colon])
            port = try self.port(String(text[text.index(after: colon)...]), in: shown)
        }
        guard !hostText.isEmpty else { throw ParseError("\"\(shown)\": the host is missing") }
        if let dash = hostText.firstIndex(of: "-"), looksNumeric(hostText) {
            guard port == nil else { throw ParseError("\"\(shown)\": a range takes its ports from --ports") }
            return try range(
                String(hostText[..<dash]),
                String(hostText[hostText.index(after: dash)...]),
                text: text,
                shown: shown
            )
        }
        if let bytes = IPAddressText.parse(hostText) {
            return ScanTarget(hosts: .addresses(first: bytes, count: 1), port: port, text: text)
        }
        if looksNumeric(hostText) {
            throw ParseError(
                "\"\(shown)\": not an IPv4 address (four numbers from 0 to 255, e.g. 10.0.0.5) or a range (10.0.0.10-40)"
            )
        }
        try checkHostName(hostText, shown: shown)
        return ScanTarget(hosts: .name(hostText.lowercased()), port: port, text: text)
    }

    /// Digits, dots and dashes only: meant as an IPv4 address or range, never a name.
    static func looksNumeric(_ text: String) -> Bool {
        text.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "-" }
    }

    /// `first-last`: `last` an address of the same family, or for IPv4 the last octet alone.
    static func range(
        _ firstText: String,
        _ lastText: String,
        text: String,
        shown: String
    ) throws(ParseError) -> ScanTarget {
        guard let first = IPAddressText.parse(firstText) else {
            throw ParseError(
                "\"\(shown)\": a range is FIRST-LAST, e.g. 10.0.0.10-40 or 10.0.0.10-10.0.1.20 (\"\(firstText)\" is not an address)"
            )
        }
        var last: [UInt8]
        if let full = IPAddressText.parse(lastText) {
            guard full.count == first.count else {
                throw ParseError("\"\(shown)\": both ends of a range must be IPv4, or both IPv6")
            }
            last = full
        } else if first.count == 4, !lastText.isEmpty, lastText.count <= 3, lastText.allSatisfy(\.isASCIIDigit),
            let octet = UInt8(lastText)
        {
            last = first
            last[3] = octet
        } else {
            throw ParseError(
                "\"\(shown)\": the end of a range is an address, or for IPv4 the last number alone (10.0.0.10-40)"
            )
        }
        guard last.lexicographicallyPrecedes(first) == false else {
            throw ParseError("\"\(shown)\": the range ends before it starts")
        }
        let count = try rangeCount(first, last, shown: shown)
        return ScanTarget(hosts: .addresses(first: first, count: count), port: nil, text: text)
    }

    /// How many addresses from `first` to `last` inclusive; refused past the hard limit.
    static func rangeCount(_ first: [UInt8], _ last: [UInt8], shown: String) throws(ParseError) -> Int {
        // Subtract as big-endian numbers, with borrow; any non-zero byte above the last
        // three means more than 2^24.
        var result = [UInt8](repeating: 0, count: first.count)
        var borrow = 0
        for i in stride(from: first.count - 1, through: 0, by: -1) {
            var d = Int(last[i]) - Int(first[i]) - borrow
            borrow = d < 0 ? 1 : 0
            if d < 0 { d += 256 }
            result[i] = UInt8(d)
        }
        let high = result.dropLast(3)
        guard high.allSatisfy({ $0 == 0 }) else {
            throw ParseError(
                "\"\(shown)\": more than \(hardLimit) addresses; scan takes at most that even with --force: scan it in parts"
            )
        }
        let count = result.suffix(3).reduce(0) { $0 * 256 + Int($1) } + 1
        guard count <= hardLimit else {
            throw ParseError(
                "\"\(shown)\": more than \(hardLimit) addresses; scan takes at most that even with --force: scan it in parts"
            )
        }
        return count
    }

    static func port(_ text: String, in shown: String) throws(ParseError) -> Int {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isASCIIDigit), let value = Int(text),
            (1...65535).contains(value)
        else {
            throw ParseError("\"\(shown)\": the port must be a number from 1 to 65535")
        }
        return value
    }

    /// A DNS name: labels of letters, digits, '-' and '_', 1 to 63 bytes, 253 in all.
    static func checkHostName(_ name: String, shown: String) throws(ParseError) {
        var labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }  // a trailing dot
        guard name.utf8.count <= 253, !labels.isEmpty,
            labels.allSatisfy({ label in
                (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isLetter || $0.isASCIIDigit || $0 == "-" || $0 == "_" }
            })
        else {
            throw ParseError(
                "\"\(shown)\": not a host name, an address, HOST:PORT, a CIDR block (10.0.0.0/24) or a range (10.0.0.10-40)"
            )
        }
    }

    // MARK: ports

    /// `443,4433,8000-8010`: ports in the order given, each once.
    public static func ports(_ text: String) throws(ParseError) -> [Int] {
        guard text.utf8.count <= 400_000 else { throw ParseError("--ports: too long a list") }
        var out: [Int] = []
        var seen = Set<Int>()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = item.trimmingSpaces()
            func number(_ s: Substring) throws(ParseError) -> Int {
                guard !s.isEmpty, s.count <= 5, s.allSatisfy(\.isASCIIDigit), let v = Int(s), (1...65535).contains(v)
                else {
                    throw ParseError(
                        "--ports \(text.prefix(60)): \"\(part.prefix(20))\" is not a port (1-65535) or a range of them (8000-8010)"
                    )
                }
                return v
            }
            let ends = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            let low = try number(ends[0])
            let high = ends.count == 2 ? try number(ends[1]) : low
            guard low <= high else { throw ParseError("--ports: the range \(part) ends before it starts") }
            for p in low...high where seen.insert(p).inserted { out.append(p) }
        }
        return out
    }

    // MARK: files

    /// A targets file: one target per line; `#` starts a comment; blank lines skipped.
    /// Errors name the line.
    public static func targetsFile(_ text: String, name: String) throws(ParseError) -> [ScanTarget] {
        var out: [ScanTarget] = []
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = content.trimming(where: { $0.isSpace || $0 == "\r" })
            if trimmed.isEmpty { continue }
            do throws(ParseError) {
                out.append(try target(trimmed))
            } catch {
                throw ParseError("\(name), line \(number + 1): \(error.description)")
            }
        }
        return out
    }

    /// A host map: `ADDRESS NAME` per line (`#` comments): the name a client expects at that
    /// address. Keys are addresses as `IPAddressText.format` writes them.
    public static func hostMap(_ text: String, name: String) throws(ParseError) -> [String: String] {
        var out: [String: String] = [:]
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            let place = "\(name), line \(number + 1)"
            guard fields.count == 2 else {
                throw ParseError("\(place): expected ADDRESS NAME, e.g. 10.0.0.5 printer.local")
            }
            guard let address = IPAddressText.parse(String(fields[0])) else {
                throw ParseError("\(place): \"\(fields[0].prefix(60))\" is not an IP address")
            }
            let host = String(fields[1])
            guard IPAddressText.parse(host) == nil else {
                throw ParseError("\(place): give the name the client expects, not another address")
            }
            try checkHostName(host, shown: "\(place): \(host.prefix(60))")
            out[IPAddressText.format(address)] = host.lowercased()
        }
        return out
    }
}

/// What one scan covers: the targets and the ports, walked lazily, host after host.
public struct ScanPlan: Sendable {
    public var targets: [ScanTarget]
    public var ports: [Int]

    public init(targets: [ScanTarget], ports: [Int]) {
        self.targets = targets
        self.ports = ports
    }

    /// Addresses and names in all.
    public var hostCount: Int { targets.reduce(0) { $0 + $1.hostCount } }

    /// Endpoints (host and port) in all.
    public var endpointCount: Int { targets.reduce(0) { $0 + $1.hostCount * ($1.port == nil ? ports.count : 1) } }

    /// One endpoint to scan.
    public struct Endpoint: Sendable, Hashable {
        public var host: String
        public var port: Int
    }

    /// Walks the endpoints without listing them.
    public struct Cursor: Sendable {
        let plan: ScanPlan
        var target = 0
        var host = 0
        var port = 0

        public init(_ plan: ScanPlan) { self.plan = plan }

        public mutating func next() -> Endpoint? {
            while target < plan.targets.count {
                let t = plan.targets[target]
                let ports = t.port.map { [$0] } ?? plan.ports
                if host < t.hostCount, port < ports.count {
                    let endpoint = Endpoint(host: t.host(at: host), port: ports[port])
                    port += 1
                    if port == ports.count {
                        port = 0
                        host += 1
                    }
                    return endpoint
                }
                target += 1
                host = 0
                port = 0
            }
            return nil
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension ScanInput {
    /// The most a --targets-file or --host-map read holds.
    public static let maximumFileBytes = 4 << 20

    /// What one scan is asked: the plan (the targets given, then a targets file's, each once)
    /// and the names a --host-map expects at addresses; with `--bonjour`, the instance found
    /// at each endpoint (`ScanSession.Configuration.bonjour`).
    public struct Loaded: Sendable {
        public var plan: ScanPlan
        public var hostNames: [String: String]
        public var bonjour: [String: BonjourService] = [:]
    }

    /// Reads `targetsFile` and `hostMap` (`-`: standard input) through the bound and adds them
    /// to `targets` and `ports`. A target given twice (a repeated line, the same HOST:PORT)
    /// is scanned once. Throws when a file cannot be read (`file.unreadable`) or holds
    /// something that is not a target or a mapping (`file.invalid`).
    public static func load(
        targets: [ScanTarget],
        ports: [Int],
        targetsFile: String?,
        hostMap: String?
    ) throws -> Loaded {
        var plan = ScanPlan(targets: targets, ports: ports)
        var hostNames: [String: String] = [:]
        if let targetsFile {
            let text = try read(targetsFile, option: "--targets-file")
            do throws(ParseError) {
                plan.targets += try self.targetsFile(text, name: targetsFile == "-" ? "standard input" : targetsFile)
            } catch {
                throw CouldNotExamine(
                    .fileInvalid,
                    description: "--targets-file \(error.description)",
                    target: targetsFile
                )
            }
        }
        if let hostMap {
            let text = try read(hostMap, option: "--host-map")
            do throws(ParseError) {
                hostNames = try self.hostMap(text, name: hostMap)
            } catch {
                throw CouldNotExamine(.fileInvalid, description: "--host-map \(error.description)", target: hostMap)
            }
        }
        var seen = Set<ScanTarget>()
        plan.targets = plan.targets.filter { seen.insert($0).inserted }
        return Loaded(plan: plan, hostNames: hostNames)
    }

    /// The text of a file a scan reads (`-`: standard input), through the bound.
    static func read(_ path: String, option: String) throws -> String {
        do throws(BoundedFile.ReadError) {
            let bytes =
                path == "-"
                ? try BoundedFile.read(fd: 0, limit: maximumFileBytes)
                : try BoundedFile.read(path, limit: maximumFileBytes)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            throw CouldNotExamine(.fileUnreadable, description: "\(option) \(path): \(error.reason)", target: path)
        }
    }
}
