import SystemCalls
import TLSDiagnosis

/// One difference between two outputs at one endpoint: what `tlsprobe diff` prints a line
/// for, and `watch` as each round finds it.
public struct EndpointChange: Sendable, Hashable {
    /// The kinds of change, in the order an endpoint's changes are listed.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case endpointNew = "endpoint.new"
        case endpointGone = "endpoint.gone"
        case keyChanged = "cert.key_changed"
        case reissued = "cert.reissued"
        case chainChanged = "chain.changed"
        case trustLost = "trust.lost"
        case trustGained = "trust.gained"
        case findingNew = "finding.new"
        case findingResolved = "finding.resolved"
        case expiring = "cert.expiring"

        /// Its severity (a new finding's is the finding's own).
        public var severity: Severity {
            switch self {
            case .keyChanged, .trustLost: .error
            case .endpointGone, .chainChanged, .expiring, .findingNew: .warning
            case .endpointNew, .reissued, .trustGained, .findingResolved: .info
            }
        }

        /// What it means, for `--help`, the man page and the schema.
        public var meaning: String {
            switch self {
            case .endpointNew: "An endpoint answers that did not before (or was not examined before)."
            case .endpointGone:
                "An endpoint no longer answers, or could no longer be examined (the error code says why)."
            case .keyChanged:
                "The leaf's public key (compared by its SPKI SHA-256) is another: pinned clients refuse it. A reset device and an interception look alike; the message says how to tell them apart."
            case .reissued: "A new leaf certificate for the same key (a renewal): serial and dates before and after."
            case .chainChanged:
                "Another issuer: the leaf's issuer or authority key, the intermediates presented, or the anchor the path ends at."
            case .trustLost: "The chain was trusted and is not now."
            case .trustGained: "The chain was not trusted and is now."
            case .findingNew: "A finding code that was not reported before (its severity is the finding's)."
            case .findingResolved: "A finding code that is no longer reported."
            case .expiring: "The leaf now ends within --expiring DAYS, and did not when the old output was written."
            }
        }
    }

    public var kind: Kind
    public var severity: Severity
    /// The endpoint as `address:port`.
    public var endpoint: String
    public var host: String
    public var address: String?
    public var port: Int
    /// The Bonjour instance or host name, when known.
    public var name: String?
    public var message: String
    /// What it was and is, as JSON members and as text; nil where there was (is) nothing.
    public var before: JSONObject?
    public var after: JSONObject?
    public var beforeText: String?
    public var afterText: String?
}

/// Compares two outputs read back (`ReportReadBack`) endpoint by endpoint.
public enum ReportDiff {
    /// The default of `--expiring`, as scan's.
    public static let defaultExpiringDays = 30

    /// The changes from `old` to `new`, sorted by endpoint (address, then port) and, at one
    /// endpoint, in `EndpointChange.Kind`'s order. `oldTime` and `newTime` are when each
    /// output was written: a leaf is `cert.expiring` when it ends within `expiringDays` of
    /// `newTime`, and the old leaf did not end within `expiringDays` of `oldTime`.
    public static func changes(
        from old: RecordedScan,
        to new: RecordedScan,
        expiringDays: Int = defaultExpiringDays,
        oldTime: Date,
        newTime: Date
    ) -> [EndpointChange] {
        var changes: [EndpointChange] = []
        let window = TimeInterval(expiringDays) * 86400
        for pair in pairs(old, new) {
            changes += compare(
                pair.old,
                pair.new,
                expiring: (oldTime.addingTimeInterval(window), newTime.addingTimeInterval(window), expiringDays)
            )
        }
        return changes
    }

    /// The endpoints of two outputs matched with their counterparts, sorted by endpoint
    /// (address, then port, then the name dialled); nil on the side an endpoint is missing
    /// from. An endpoint is the address and port connected to plus the name dialled (the
    /// target's host and SNI): `scan 127.0.0.1:P localhost:P` gives two records at one
    /// address, each matched with its own. An error object names only its target (no
    /// address): what is left unmatched is then matched on the name dialled and port.
    public static func pairs(
        _ old: RecordedScan,
        _ new: RecordedScan
    ) -> [(old: RecordedEndpoint?, new: RecordedEndpoint?)] {
        var result: [(old: RecordedEndpoint?, new: RecordedEndpoint?)] = []
        var leftOld: [RecordedEndpoint] = []
        var waiting: [String: [Int]] = [:]
        for (i, e) in new.endpoints.enumerated() { waiting[exactKey(e), default: []].append(i) }
        var taken = Array(repeating: false, count: new.endpoints.count)
        for e in old.endpoints {
            if let i = waiting[exactKey(e)]?.first {
                waiting[exactKey(e)]?.removeFirst()
                taken[i] = true
                result.append((e, new.endpoints[i]))
            } else {
                leftOld.append(e)
            }
        }
        var loose: [String: [Int]] = [:]
        for (i, e) in new.endpoints.enumerated() where !taken[i] { loose[looseKey(e), default: []].append(i) }
        for e in leftOld {
            if let i = loose[looseKey(e)]?.first {
                loose[looseKey(e)]?.removeFirst()
                taken[i] = true
                result.append((e, new.endpoints[i]))
            } else {
                result.append((e, nil))
            }
        }
        for (i, e) in new.endpoints.enumerated() where !taken[i] { result.append((nil, e)) }
        return result.sorted { a, b in
            let x = sortKey(a.new?.address ?? a.old?.address ?? (a.new ?? a.old)?.host ?? "")
            let y = sortKey(b.new?.address ?? b.old?.address ?? (b.new ?? b.old)?.host ?? "")
            if x != y { return x.lexicographicallyPrecedes(y) }
            let (p, q) = ((a.new ?? a.old)?.port ?? 0, (b.new ?? b.old)?.port ?? 0)
            if p != q { return p < q }
            return ((a.new ?? a.old).map(looseKey) ?? "") < ((b.new ?? b.old).map(looseKey) ?? "")
        }
    }

    /// The address and port connected to, the host dialled and the SNI sent.
    private static func exactKey(_ e: RecordedEndpoint) -> String {
        "\(e.address ?? "")\u{0}\(e.port)\u{0}\(e.host)\u{0}\(e.sni ?? "")"
    }

    /// The host dialled and the port: all an error object names.
    private static func looseKey(_ e: RecordedEndpoint) -> String { "\(e.host)\u{0}\(e.port)" }

    private static func sortKey(_ host: String) -> [Int] {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == 4 {
            return [0] + numbers
        }
        return [1] + host.unicodeScalars.map { Int($0.value) }
    }

    private static func compare(
        _ old: RecordedEndpoint?,
        _ new: RecordedEndpoint?,
        expiring: (oldLimit: Date, newLimit: Date, days: Int)
    ) -> [EndpointChange] {
        guard let at = new ?? old else { return [] }
        func change(
            _ kind: Kind,
            _ message: String,
            before: JSONObject?,
            after: JSONObject?,
            beforeText: String?,
            afterText: String?,
            severity: Severity? = nil
        ) -> EndpointChange {
            EndpointChange(
                kind: kind,
                severity: severity ?? kind.severity,
                endpoint: HostPort.display(host: at.address ?? old?.address ?? at.host, port: at.port),
                host: at.host,
                address: at.address ?? old?.address,
                port: at.port,
                name: new?.name ?? old?.name,
                message: message,
                before: before,
                after: after,
                beforeText: beforeText,
                afterText: afterText
            )
        }
        typealias Kind = EndpointChange.Kind
        switch (old, new) {
        case (nil, nil): return []
        case (nil, let new?):
            if new.errorCode != nil { return [] }
            return [
                change(
                    .endpointNew,
                    "a new endpoint answers",
                    before: nil,
                    after: state(new),
                    beforeText: nil,
                    afterText: stateText(new)
                )
            ]
        case (let old?, nil):
            if old.errorCode != nil { return [] }
            return [
                change(
                    .endpointGone,
                    "the endpoint no longer answers",
                    before: state(old),
                    after: nil,
                    beforeText: stateText(old),
                    afterText: nil
                )
            ]
        case (let old?, let new?):
            switch (old.errorCode, new.errorCode) {
            case (nil, nil): break
            case (_?, _?): return []
            case (nil, _?):
                return [
                    change(
                        .endpointGone,
                        "the endpoint could no longer be examined",
                        before: state(old),
                        after: state(new),
                        beforeText: stateText(old),
                        afterText: stateText(new)
                    )
                ]
            case (_?, nil):
                return [
                    change(
                        .endpointNew,
                        "the endpoint can be examined again",
                        before: state(old),
                        after: state(new),
                        beforeText: stateText(old),
                        afterText: stateText(new)
                    )
                ]
            }
            var changes: [EndpointChange] = []
            if let a = old.leaf, let b = new.leaf {
                if a.spkiSHA256 != b.spkiSHA256 {
                    changes.append(
                        change(
                            .keyChanged,
                            keyChangedMessage,
                            before: certificate(a),
                            after: certificate(b),
                            beforeText: "SPKI sha256 \(a.spkiSHA256) (serial \(a.serial))",
                            afterText: "SPKI sha256 \(b.spkiSHA256) (serial \(b.serial), issuer \(b.issuer))"
                        )
                    )
                } else if a.sha256 != b.sha256 && sameIssuer(old, new) {
                    changes.append(
                        change(
                            .reissued,
                            "a new certificate for the same key",
                            before: certificate(a),
                            after: certificate(b),
                            beforeText: "serial \(a.serial), \(dates(a))",
                            afterText: "serial \(b.serial), \(dates(b))"
                        )
                    )
                }
                if !sameIssuer(old, new) {
                    changes.append(
                        change(
                            .chainChanged,
                            "another issuer or intermediates",
                            before: chain(old),
                            after: chain(new),
                            beforeText: chainText(old),
                            afterText: chainText(new)
                        )
                    )
                }
            }
            switch (old.trusted, new.trusted) {
            case (true?, false?):
                let cause = new.findings.first { $0.severity == Severity.error.rawValue }?.code
                changes.append(
                    change(
                        .trustLost,
                        "the chain is no longer trusted" + (cause.map { " (\($0))" } ?? ""),
                        before: ["trusted": true],
                        after: ["trusted": false],
                        beforeText: "trusted",
                        afterText: "not trusted"
                    )
                )
            case (false?, true?):
                changes.append(
                    change(
                        .trustGained,
                        "the chain is trusted now",
                        before: ["trusted": false],
                        after: ["trusted": true],
                        beforeText: "not trusted",
                        afterText: "trusted"
                    )
                )
            default: break
            }
            let oldCodes = Set(old.findings.map(\.code))
            let newCodes = Set(new.findings.map(\.code))
            var seen = Set<String>()
            for f in new.findings where !oldCodes.contains(f.code) && seen.insert(f.code).inserted {
                changes.append(
                    change(
                        .findingNew,
                        "a new finding",
                        before: nil,
                        after: ["finding": finding(f)],
                        beforeText: nil,
                        afterText: "\(f.code) (\(f.severity))",
                        severity: Severity(rawValue: f.severity) ?? .warning
                    )
                )
            }
            for f in old.findings where !newCodes.contains(f.code) && seen.insert(f.code).inserted {
                changes.append(
                    change(
                        .findingResolved,
                        "a finding no longer reported",
                        before: ["finding": finding(f)],
                        after: nil,
                        beforeText: "\(f.code) (\(f.severity))",
                        afterText: nil
                    )
                )
            }
            if let a = old.leaf, let b = new.leaf, let end = b.notAfter, end <= expiring.newLimit,
                !(a.notAfter.map { $0 <= expiring.oldLimit } ?? false)
            {
                changes.append(
                    change(
                        .expiring,
                        "the leaf ends within \(expiring.days) days",
                        before: ["not_after": a.notAfter.map(ReportJSON.time) ?? .null],
                        after: ["not_after": ReportJSON.time(end)],
                        beforeText: "not after \(a.notAfter.map(ReportTime.iso8601) ?? "-")",
                        afterText: "not after \(ReportTime.iso8601(end))"
                    )
                )
            }
            return changes
        }
    }

    static let keyChangedMessage =
        "a new public key: clients that pinned the old key refuse it. A device reset to its factory settings and an interception (a proxy presenting its own key) look the same from here. Tell them apart on the device itself: compare the SPKI after with the key its own screen or settings page shows, or connect from a path no proxy sits on; an issuer you do not know points to interception"

    /// What decides `chain.changed`: the leaf's issuer and authority key, the intermediates
    /// presented, and the anchor the path ended at.
    private struct IssuerSide: Equatable {
        var issuer: String?
        var authorityKeyID: String?
        var intermediates: [String]
        var anchor: String?
    }

    /// Whether the issuer side is the same; the anchors count only when both paths were
    /// built (a chain no longer trusted has none, and trust.lost says so).
    private static func sameIssuer(_ a: RecordedEndpoint, _ b: RecordedEndpoint) -> Bool {
        var x = issuerSide(a)
        var y = issuerSide(b)
        if x.anchor == nil || y.anchor == nil {
            x.anchor = nil
            y.anchor = nil
        }
        return x == y
    }

    private static func issuerSide(_ e: RecordedEndpoint) -> IssuerSide {
        IssuerSide(
            issuer: e.leaf?.issuer,
            authorityKeyID: e.leaf?.authorityKeyID,
            intermediates: e.chain.dropFirst().map(\.sha256),
            anchor: e.anchor
        )
    }

    private static func dates(_ c: RecordedCertificate) -> String {
        "\(c.notBefore.map(ReportTime.iso8601) ?? "-") to \(c.notAfter.map(ReportTime.iso8601) ?? "-")"
    }

    private static func certificate(_ c: RecordedCertificate) -> JSONObject {
        [
            "spki_sha256": .string(c.spkiSHA256), "sha256": .string(c.sha256), "serial": .string(c.serial),
            "subject": .string(c.subject), "issuer": .string(c.issuer),
            "not_before": c.notBefore.map(ReportJSON.time) ?? .null,
            "not_after": c.notAfter.map(ReportJSON.time) ?? .null,
        ]
    }

    private static func chain(_ e: RecordedEndpoint) -> JSONObject {
        [
            "issuer": .optional(e.leaf?.issuer),
            "intermediates": .strings(e.chain.dropFirst().map(\.sha256)),
            "anchor": .optional(e.anchor),
        ]
    }

    private static func chainText(_ e: RecordedEndpoint) -> String {
        var text = "issuer \(e.leaf?.issuer ?? "-")"
        let intermediates = e.chain.dropFirst().map(\.sha256)
        text += intermediates.isEmpty ? ", no intermediates" : ", intermediates \(intermediates.joined(separator: " "))"
        if let anchor = e.anchor { text += ", anchor \(anchor)" }
        return text
    }

    private static func finding(_ f: RecordedFinding) -> JSONValue {
        .object(["code": .string(f.code), "severity": .string(f.severity)])
    }

    /// An endpoint as a whole: its leaf and trust, or its error.
    private static func state(_ e: RecordedEndpoint) -> JSONObject {
        if let code = e.errorCode { return ["error": .string(code)] }
        var object = e.leaf.map(certificate) ?? JSONObject()
        object["trusted"] = .optional(e.trusted)
        // The text's "not TLS: answers with another protocol", for JSON readers too.
        if let answer = e.notTLSAnswer, e.leaf == nil { object["not_tls"] = .string(answer) }
        return object
    }

    private static func stateText(_ e: RecordedEndpoint) -> String {
        if let code = e.errorCode { return "not examined: \(code)" }
        if let answer = e.notTLSAnswer, e.leaf == nil { return "not TLS: answers with another protocol: \"\(answer)\"" }
        guard let leaf = e.leaf else { return "no certificate" + (e.findings.first.map { " (\($0.code))" } ?? "") }
        let trust: String
        switch e.trusted {
        case true?: trust = "trusted"
        case false?: trust = "not trusted"
        case nil: trust = "trust not evaluated"
        }
        return
            "\(leaf.subject) issued by \(leaf.issuer), SPKI sha256 \(leaf.spkiSHA256), not after \(leaf.notAfter.map(ReportTime.iso8601) ?? "-"), \(trust)"
    }
}

extension ReportJSON {
    /// One line of `tlsprobe diff --json` (docs/schema/diff.schema.json).
    public static func json(_ c: EndpointChange) -> JSONValue {
        .object([
            "schema_version": .int(schemaVersion),
            "command": "diff",
            "change": .string(c.kind.rawValue),
            "severity": .string(c.severity.rawValue),
            "endpoint": .string(c.endpoint),
            "host": .string(c.host),
            "address": .optional(c.address),
            "port": .int(c.port),
            "name": .optional(c.name),
            "message": .string(c.message),
            "before": c.before.map(JSONValue.object) ?? .null,
            "after": c.after.map(JSONValue.object) ?? .null,
        ])
    }
}

extension TextRenderer {
    /// One line of `tlsprobe diff`: the endpoint (and its name), the change, its severity,
    /// before → after, and what it means. Text from peers, and from the outputs read back
    /// (which may have been edited), is made one line and safe for a terminal.
    public func change(_ c: EndpointChange) -> String {
        var line = oneLine(c.endpoint)
        if let name = c.name { line += " (\(oneLine(name)))" }
        let severity = c.severity.rawValue.uppercased()
        let tone: TextStyle.Tone? =
            switch c.severity {
            case .error: .red
            case .warning: .yellow
            case .info: nil
            }
        line += "  " + c.kind.rawValue + "  " + (tone.map { style.paint(severity, $0) } ?? severity) + "  "
        line += oneLine(c.beforeText ?? "(none)") + " → " + oneLine(c.afterText ?? "(none)")
        line += ": " + oneLine(c.message)
        return TextStyle.terminalSafe(line) + "\n"
    }
}
