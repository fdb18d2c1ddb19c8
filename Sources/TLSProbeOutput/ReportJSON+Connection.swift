import SystemCalls
import TLSDiagnosis
import TLSWire

extension ReportJSON {
    /// One connection: `connect`'s object, a JSON line of `capture` and `listen`.
    public static func json(_ r: ConnectionReport) -> JSONValue {
        var object: JSONObject = [
            "schema_version": .int(schemaVersion),
            "command": .string(r.command),
            "target": .null,
            "flow": .null,
            "handshake": .object([
                "established": .bool(r.handshake.established),
                "version": .optional(r.handshake.version?.description),
                // The number beside the name: drafts and experiments (0x7e01) keep theirs.
                "version_code": .optional(r.handshake.version?.hex),
                "cipher_suite": r.handshake.cipherSuite.map(codePoint) ?? .null,
                "group": .optional(r.handshake.group),
                "alpn": .optional(r.handshake.alpn),
                "resumed": .optional(r.handshake.resumed),
            ]),
            "client_hello": r.clientHello.map(shared) ?? .null,
            "second_client_hello": r.secondClientHello.map(shared) ?? .null,
            "server_hello": r.serverHello.map(shared) ?? .null,
            "chain": .array(r.chain.map(shared)),
            "certificate_request": r.certificateRequest.map(shared) ?? .null,
            "client_chain": r.clientChain.map { .array($0.map(shared)) } ?? .null,
            "alerts": .array(
                r.alerts.map { a in
                    .object([
                        "from": .string(a.from.rawValue), "level": .string(a.level.description),
                        "description": codePoint(a.description), "encrypted": .bool(a.encrypted),
                    ])
                }
            ),
            "outcome": .string(r.outcome.rawValue),
            "trust": json(r.trust),
            "findings": .array(r.findings.map(json)),
            "verdict": json(r.verdict),
        ]
        // Who is speaking decides which of target and flow is set, and which keys a line
        // carries: listen's lines all share one shape (its keys null when absent); the other
        // commands carry client_trust only when they have it.
        switch r.vantage {
        case .client(let client):
            let t = client.target
            object["target"] = .object([
                "host": .string(t.host), "port": .int(t.port), "address": .optional(t.address), "sni": .optional(t.sni),
                "upgrade": .optional(t.upgrade?.rawValue), "transport": .string(t.transport.rawValue),
            ])
            object["fallback"] =
                r.fallback.map { f in
                    .object([
                        "reason": .string(f.reason.rawValue), "first_failure": .string(f.firstFailure),
                        "version": .optional(f.version?.description), "probes": .array(f.probes.map(json)),
                        "cipher": .optional(f.cipher?.description),
                    ])
                } ?? .null
            // scan --bonjour: the instance the endpoint was found as (peer text, escaped as
            // every JSON string is).
            if let b = r.bonjour {
                object["bonjour"] = .object([
                    "instance": .string(b.instance), "type": .string(b.type), "host": .string(b.host),
                    "port": .int(b.port), "txt": .array(b.txt.map { .string($0) }),
                ])
            }
            object["ocsp"] =
                r.ocsp.map { o in
                    .object([
                        "stapled": .bool(o.stapled), "response_status": .optional(o.responseStatus),
                        "certificate_status": .optional(o.certificateStatus),
                        "this_update": o.thisUpdate.map(time) ?? .null,
                        "next_update": o.nextUpdate.map(time) ?? .null,
                        "revocation_time": o.revocationTime.map(time) ?? .null,
                        "revocation_reason": .optional(o.revocationReason),
                        "matches_leaf": .optional(o.matchesLeaf), "bytes": .int(o.bytes), "detail": .optional(o.detail),
                        "check": o.check.map { c in
                            .object([
                                "verified": .bool(c.verified), "responder": .optional(c.responder?.rawValue),
                                "signer": .optional(c.signer), "failure": .optional(c.failure?.rawValue),
                                "detail": .optional(c.detail), "current": .optional(c.current),
                            ])
                        } ?? .null,
                    ])
                } ?? .null
            object["ciphers"] =
                r.ciphers.map { versions in
                    .object(
                        JSONObject(
                            Dictionary(
                                versions.map { v in
                                    (
                                        v.version.description,
                                        JSONValue.object([
                                            "accepted": .array(v.suites.map(json)),
                                            "order": .optional(v.order), "offered": .int(v.offered),
                                            "detail": .optional(v.detail),
                                        ])
                                    )
                                },
                                uniquingKeysWith: { a, _ in a }
                            )
                        )
                    )
                } ?? .null
        case .server(let server):
            object["flow"] = json(server.flow)
            // The verdict on the client's chain for client use, against the client anchors.
            object["client_trust"] = r.clientTrust.map(json) ?? .null
            object["http"] =
                server.http.map { h in
                    .object([
                        "request_line": .string(h.requestLine), "host": .optional(h.host),
                        "user_agent": .optional(h.userAgent),
                        "answered": .bool(h.answered),
                    ])
                } ?? .null
        case .observer(let observer):
            object["flow"] = json(observer.flow)
        }
        if let clientTrust = r.clientTrust { object["client_trust"] = json(clientTrust) }
        object["versions"] =
            r.versions.map { probes in
                .object(
                    JSONObject(
                        Dictionary(
                            probes.map { ($0.version.description, JSONValue.bool($0.accepted)) },
                            uniquingKeysWith: { a, _ in a }
                        )
                    )
                )
            } ?? .null
        // The map above is docs/DESIGN.md's; this says how each probe went.
        object["version_probes"] = r.versions.map { .array($0.map(json)) } ?? .null
        return .object(object)
    }

    /// An accepted suite: its code point, with forward secrecy, AEAD and ATS marked.
    static func json(_ s: CipherSuiteSummary) -> JSONValue {
        var object: JSONObject = ["value": .string(s.suite.hex)]
        if let name = s.suite.name { object["name"] = .string(name) }
        object["forward_secrecy"] = .bool(s.forwardSecrecy)
        object["aead"] = .bool(s.aead)
        object["ats"] = .bool(s.ats)
        return .object(object)
    }

    /// One version offered alone: `version_probes` and a fallback's `probes`.
    static func json(_ p: VersionProbe) -> JSONValue {
        .object([
            "version": .string(p.version.description), "version_code": .string(p.version.hex),
            "accepted": .bool(p.accepted),
            "detail": .optional(p.detail), "security_level": p.securityLevel.map { .int($0) } ?? .null,
        ])
    }

    /// A capture's or listen's `flow`: who talked to whom, first and last packet.
    static func json(_ f: Flow) -> JSONValue {
        .object([
            "client": .string(f.client), "server": .string(f.server),
            "first_packet": time(f.firstPacket), "last_packet": time(f.lastPacket),
            "upgrade": .optional(f.upgrade?.rawValue), "tunnel": .optional(f.tunnel?.rawValue),
            "transport": .string(f.transport.rawValue),
        ])
    }

    /// Hellos and certificates written once and copied into every report that has them
    /// (`JSONFragment`): a certificate is its details' pure function, and those of its DER
    /// (named by its SHA-256) and position.
    private static let hellos = FragmentCache<ClientHelloSummary>()
    private struct CertificateKey: Hashable {
        var sha256: String
        var index: Int
    }
    private static let certificates = FragmentCache<CertificateKey>()

    private static let serverHellos = FragmentCache<ServerHelloSummary>()
    private static let certificateRequests = FragmentCache<CertificateRequestSummary>()

    static func shared(_ h: ClientHelloSummary) -> JSONValue { hellos.fragment(h) { json(h) } }
    static func shared(_ h: ServerHelloSummary) -> JSONValue { serverHellos.fragment(h) { json(h) } }
    static func shared(_ c: CertificateRequestSummary) -> JSONValue {
        certificateRequests.fragment(c) {
            .object([
                "acceptable_cas": .strings(c.acceptableCAs),
                "client_certificate_sent": .optional(c.clientCertificateSent),
                "signature_algorithms": .array(c.signatureAlgorithms.map(codePoint)),
            ])
        }
    }
    static func shared(_ c: CertificateDetails) -> JSONValue {
        certificates.fragment(CertificateKey(sha256: c.sha256, index: c.index)) { json(c) }
    }

    /// docs/DESIGN.md's `client_hello`.
    public static func json(_ h: ClientHelloSummary) -> JSONValue {
        .object([
            "legacy_version": codePoint(h.legacyVersion),
            "versions": .array(h.versions.map(codePoint)),
            "cipher_suites": .array(h.cipherSuites.map(codePoint)),
            "sni": .optional(h.sni),
            "alpn": .strings(h.alpn),
            "signature_algorithms": .array(h.signatureAlgorithms.map(codePoint)),
            "supported_groups": .array(h.supportedGroups.map(codePoint)),
            "key_share_groups": .array(h.keyShareGroups.map(codePoint)),
            "extensions": .array(h.extensions.map(codePoint)),
            "ja3": .optional(h.ja3Hash),
            "ja3_string": .optional(h.ja3),
            "ja4": .optional(h.ja4),
            "sslv2_compatible": .bool(h.sslv2Compatible),
        ])
    }

    /// `server_hello`.
    public static func json(_ h: ServerHelloSummary) -> JSONValue {
        .object([
            "legacy_version": codePoint(h.legacyVersion),
            "version": codePoint(h.version),
            "cipher_suite": codePoint(h.cipherSuite),
            "group": h.group.map(codePoint) ?? .null,
            "alpn": .optional(h.alpn),
            "extensions": .array(h.extensions.map(codePoint)),
            "hello_retry_request": .bool(h.helloRetryRequest || h.afterHelloRetryRequest),
            "hello_retry_request_group": h.helloRetryRequestGroup.map(codePoint) ?? .null,
        ])
    }

    /// `{"value": "0x1301", "name": "TLS_AES_128_GCM_SHA256"}`, the name absent when unknown.
    public static func codePoint<C: TLSCodePoint>(_ c: C) -> JSONValue {
        // Members given in key order, so writing them needs no sort.
        var object = JSONObject()
        if let name = c.name { object["name"] = .string(name) }
        object["value"] = .string(c.hex)
        return .object(object)
    }
}
