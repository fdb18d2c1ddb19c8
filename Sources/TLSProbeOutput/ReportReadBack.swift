import SystemCalls
import TLSDiagnosis

/// A certificate as a report's JSON names it: what `diff` compares.
public struct RecordedCertificate: Sendable, Hashable {
    public var sha256: String
    public var spkiSHA256: String
    public var serial: String
    public var subject: String
    public var issuer: String
    public var authorityKeyID: String?
    public var notBefore: Date?
    public var notAfter: Date?

    public init(
        sha256: String,
        spkiSHA256: String,
        serial: String,
        subject: String,
        issuer: String,
        authorityKeyID: String? = nil,
        notBefore: Date? = nil,
        notAfter: Date? = nil
    ) {
        self.sha256 = sha256
        self.spkiSHA256 = spkiSHA256
        self.serial = serial
        self.subject = subject
        self.issuer = issuer
        self.authorityKeyID = authorityKeyID
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}

/// A finding as read back: its code and severity.
public struct RecordedFinding: Sendable, Hashable {
    public var code: String
    public var severity: String

    public init(code: String, severity: String) {
        self.code = code
        self.severity = severity
    }
}

/// One endpoint of a `connect --json` or `scan --json` output: a report, or the error
/// object printed where nothing could be examined.
public struct RecordedEndpoint: Sendable, Hashable {
    /// The host dialled (a name or an address), as `target.host`.
    public var host: String
    public var port: Int
    /// The address connected to, when known.
    public var address: String?
    public var sni: String?
    /// The Bonjour instance name, when the record carries a `bonjour` object.
    public var instance: String?
    /// The chain presented, leaf first; empty when none was (not TLS, a refused handshake).
    public var chain: [RecordedCertificate]
    /// The anchor the trust path ended at (its SHA-256), when one was built.
    public var anchor: String?
    /// `trust.trusted`: nil when trust was not evaluated.
    public var trusted: Bool?
    /// `verdict.connects`.
    public var connects: Bool?
    public var findings: [RecordedFinding]
    /// The printable start of the answer of a port that does not speak TLS (scan's "not
    /// TLS"): `tls.handshake_failed`'s `first_bytes_text`, with no chain.
    public var notTLSAnswer: String? = nil
    /// Set for an error object: its code (nothing else was examined).
    public var errorCode: String?
    public var errorMessage: String?
    /// The line of the file the record starts on.
    public var line: Int

    public init(
        host: String,
        port: Int,
        address: String? = nil,
        sni: String? = nil,
        instance: String? = nil,
        chain: [RecordedCertificate] = [],
        anchor: String? = nil,
        trusted: Bool? = nil,
        connects: Bool? = nil,
        findings: [RecordedFinding] = [],
        errorCode: String? = nil,
        errorMessage: String? = nil,
        line: Int = 0
    ) {
        self.host = host
        self.port = port
        self.address = address
        self.sni = sni
        self.instance = instance
        self.chain = chain
        self.anchor = anchor
        self.trusted = trusted
        self.connects = connects
        self.findings = findings
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.line = line
    }

    public var leaf: RecordedCertificate? { chain.first }

    /// What the endpoint is shown as: `address:port` (the host when no address is known),
    /// IPv6 in brackets. Two outputs are matched on this and the name dialled
    /// (`ReportDiff.pairs`): one address may be dialled by several names.
    public var key: String { HostPort.display(host: address ?? host, port: port) }

    /// A name for people beside the key: the Bonjour instance, else a host name (not an
    /// address, which the key already shows), else the SNI sent.
    public var name: String? {
        if let instance, !instance.isEmpty { return instance }
        if host != (address ?? host) || !Self.looksLikeAddress(host) { return host }
        return sni
    }

    private static func looksLikeAddress(_ text: String) -> Bool {
        text.contains(":") || (!text.isEmpty && text.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber })
    }
}

/// What a scan's summary line says that diff and watch use.
public struct RecordedSummary: Sendable, Hashable {
    public var interrupted: Bool
    public var elapsedMilliseconds: Int?
}

/// A whole `connect --json` or `scan --json` output read back.
public struct RecordedScan: Sendable, Hashable {
    public var endpoints: [RecordedEndpoint]
    public var summary: RecordedSummary?

    public init(endpoints: [RecordedEndpoint] = [], summary: RecordedSummary? = nil) {
        self.endpoints = endpoints
        self.summary = summary
    }
}

/// Reads `connect --json` and `scan --json` output back: JSON Lines or one indented object,
/// reports, error objects and scan's summary. Fields it does not use are ignored; anything
/// else (text that is not JSON, a line that is no such record) is a `ReadBackError` naming
/// the file and line.
public enum ReportReadBack {
    /// The largest file read back: a scan of 65,536 endpoints with two-certificate chains.
    public static let maximumFileBytes = 256 << 20

    /// Why an output could not be read back.
    public struct ReadBackError: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Hashable {
            /// Missing, unreadable, a directory, or over `maximumFileBytes`.
            case unreadable
            /// Read, but not connect's or scan's JSON.
            case malformed
        }

        public var kind: Kind
        /// The file as named (`-`: standard input).
        public var file: String
        /// The line the problem is on, when it is on one.
        public var line: Int?
        public var reason: String

        public var description: String {
            if let line { return "\(file), line \(line): \(reason)" }
            return "\(file): \(reason)"
        }
    }

    /// The output in the file at `path` (`-`: standard input), read through the bound.
    public static func read(file path: String) throws(ReadBackError) -> RecordedScan {
        let bytes: [UInt8]
        do throws(BoundedFile.ReadError) {
            bytes =
                path == "-"
                ? try BoundedFile.read(fd: 0, limit: maximumFileBytes)
                : try BoundedFile.read(path, limit: maximumFileBytes)
        } catch {
            throw ReadBackError(kind: .unreadable, file: path, line: nil, reason: error.reason)
        }
        return try read(bytes, file: path)
    }

    /// The output in `bytes`, which came from `file`.
    public static func read(_ bytes: [UInt8], file: String) throws(ReadBackError) -> RecordedScan {
        var reader = JSONSequenceReader(bytes, objectsOnly: true)
        var scan = RecordedScan()
        var values = 0
        while true {
            let next: (line: Int, value: ReadJSON)?
            do throws(JSONSequenceReader.SyntaxError) {
                next = try reader.next()
            } catch {
                throw ReadBackError(kind: .malformed, file: file, line: error.line, reason: error.reason)
            }
            guard let (line, value) = next else { break }
            values += 1
            do throws(RecordError) {
                switch try record(value, line: line) {
                case .endpoint(let endpoint): scan.endpoints.append(endpoint)
                case .summary(let summary): scan.summary = summary
                }
            } catch {
                throw ReadBackError(kind: .malformed, file: file, line: line, reason: error.reason)
            }
        }
        guard values > 0 else {
            throw ReadBackError(
                kind: .malformed,
                file: file,
                line: nil,
                reason: "holds no JSON: give the output of tlsprobe scan --json or connect --json"
            )
        }
        return scan
    }

    private struct RecordError: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private enum Record {
        case endpoint(RecordedEndpoint)
        case summary(RecordedSummary)
    }

    private static func record(_ value: ReadJSON, line: Int) throws(RecordError) -> Record {
        guard value.isObject else { throw RecordError("not a JSON object (one report or error object per line)") }
        guard let version = value["schema_version"]?.int else {
            throw RecordError("no schema_version: not a tlsprobe report")
        }
        guard version == ReportJSON.schemaVersion else {
            throw RecordError(
                "schema_version \(version); this tlsprobe reads version \(ReportJSON.schemaVersion)"
            )
        }
        let command = value["command"]?.string ?? "?"
        if let error = value["error"] {
            guard let code = error["code"]?.string else { throw RecordError("an error object without a code") }
            let target = error["target"]?.string
            let (host, port) = target.flatMap(splitHostPort) ?? (target ?? "?", 0)
            return .endpoint(
                RecordedEndpoint(
                    host: host,
                    port: port,
                    address: nil,
                    errorCode: code,
                    errorMessage: error["message"]?.string,
                    line: line
                )
            )
        }
        if command == "scan", let summary = value["summary"] {
            guard summary.isObject else { throw RecordError("a summary that is not an object") }
            return .summary(
                RecordedSummary(
                    interrupted: summary["interrupted"]?.bool ?? false,
                    elapsedMilliseconds: summary["elapsed_ms"]?.int
                )
            )
        }
        guard command == "connect" else {
            throw RecordError(
                "a \(command) record: diff reads the output of tlsprobe scan --json and connect --json"
            )
        }
        guard let target = value["target"], target.isObject else { throw RecordError("a report without a target") }
        guard let host = target["host"]?.string, let port = target["port"]?.int, (0...65535).contains(port) else {
            throw RecordError("a target without a host and port")
        }
        var endpoint = RecordedEndpoint(
            host: host,
            port: port,
            address: target["address"]?.string,
            sni: target["sni"]?.string,
            line: line
        )
        if let bonjour = value["bonjour"] {
            endpoint.instance = bonjour["instance"]?.string ?? bonjour["name"]?.string
        }
        guard let chain = value["chain"]?.array else { throw RecordError("a report without a chain array") }
        for (i, item) in chain.enumerated() {
            endpoint.chain.append(try certificate(item, what: "chain[\(i)]"))
        }
        if let path = value["trust"]?["path"]?.array, let last = path.last {
            endpoint.anchor = last["sha256"]?.string
        }
        endpoint.trusted = value["trust"]?["trusted"]?.bool
        endpoint.connects = value["verdict"]?["connects"]?.bool
        guard let findings = value["findings"]?.array else { throw RecordError("a report without a findings array") }
        for (i, finding) in findings.enumerated() {
            guard let code = finding["code"]?.string, let severity = finding["severity"]?.string else {
                throw RecordError("findings[\(i)] without a code and severity")
            }
            endpoint.findings.append(RecordedFinding(code: code, severity: severity))
            if code == "tls.handshake_failed", endpoint.chain.isEmpty,
                let answer = finding["evidence"]?["first_bytes_text"]?.string
            {
                endpoint.notTLSAnswer = answer
            }
        }
        return .endpoint(endpoint)
    }

    private static func certificate(_ value: ReadJSON, what: String) throws(RecordError) -> RecordedCertificate {
        guard let sha256 = value["sha256"]?.string, let spki = value["spki_sha256"]?.string else {
            throw RecordError("\(what) without sha256 and spki_sha256")
        }
        func time(_ key: String) throws(RecordError) -> Date? {
            guard let text = value[key]?.string else { return nil }
            guard let date = ReportTime.parse(text) else {
                throw RecordError("\(what).\(key) is not a time: \(text.prefix(40))")
            }
            return date
        }
        return RecordedCertificate(
            sha256: sha256,
            spkiSHA256: spki,
            serial: value["serial"]?.string ?? "",
            subject: value["subject"]?.string ?? "",
            issuer: value["issuer"]?.string ?? "",
            authorityKeyID: value["authority_key_id"]?.string,
            notBefore: try time("not_before"),
            notAfter: try time("not_after")
        )
    }

    /// `host:port` or `[v6]:port` as the error object's target writes it.
    static func splitHostPort(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host, port)
    }
}
