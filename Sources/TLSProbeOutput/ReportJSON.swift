import SystemCalls
import TLSDiagnosis

/// Reports as docs/DESIGN.md's JSON: snake_case keys, ISO-8601 UTC times, lowercase hex bytes,
/// `schema_version: 1` on every report object.
public enum ReportJSON {
    /// The schema version every report carries.
    public static let schemaVersion = 1

    /// `tlsprobe verify`'s object.
    public static func json(_ report: VerifyReport) -> JSONValue {
        .object([
            "schema_version": .int(schemaVersion),
            "command": "verify",
            "target": .object([
                "files": .strings(report.target.files),
                "host": .optional(report.target.host),
                "purpose": .string(report.target.purpose.rawValue),
                "at": time(report.target.at),
            ]),
            "chain": .array(report.chain.map(json)),
            "trust": json(report.trust),
            "findings": .array(report.findings.map(json)),
        ])
    }

    /// `tlsprobe inspect`'s object.
    public static func json(_ report: InspectReport) -> JSONValue {
        .object([
            "schema_version": .int(schemaVersion),
            "command": "inspect",
            "profile": .string(report.profile),
            "at": time(report.at),
            "files": .array(report.files.map(json)),
            "findings": .array(report.findings.map(json)),
        ])
    }

    /// `tlsprobe explain`'s object.
    public static func json(_ report: ExplainReport) -> JSONValue {
        .object([
            "schema_version": .int(schemaVersion),
            "command": "explain",
            "query": .string(report.query),
            "matches": .array(
                report.matches.map { e in
                    .object([
                        "kind": .string(e.kind.rawValue), "name": .string(e.name), "code": .optional(e.code),
                        "summary": .string(e.summary), "meaning": .string(e.meaning),
                        "checks": .strings(e.checks), "related": .strings(e.related),
                    ])
                }
            ),
        ])
    }

    /// The object a command prints instead of a report when it could not examine anything
    /// (docs/schema/error.schema.json): `code` for scripts, `message` as the `Error:` line
    /// on stderr says it, `target` the host:port, address, file or interface (or null).
    public static func error(command: String, code: String, message: String, target: String?) -> JSONValue {
        .object([
            "schema_version": .int(schemaVersion),
            "command": .string(command),
            "error": .object(["code": .string(code), "message": .string(message), "target": .optional(target)]),
        ])
    }

    /// One file of `inspect`.
    public static func json(_ file: InspectedFile) -> JSONValue {
        .object([
            "path": .string(file.path),
            "format": .string(file.format),
            "certificates": .array(file.certificates.map(json)),
            "keys": .array(file.keys.map(json)),
            "pkcs12": file.pkcs12.map(json) ?? .null,
            "other": .strings(file.other),
        ])
    }

    /// docs/DESIGN.md's CERTIFICATE, with key identifiers, AIA/CRL URLs, policies, the pin and the PEM.
    public static func json(_ c: CertificateDetails) -> JSONValue {
        .object([
            "index": .int(c.index),
            "subject": .string(c.subject),
            "issuer": .string(c.issuer),
            "serial": .string(c.serial),
            "version": .int(c.version),
            "not_before": time(c.notBefore),
            "not_after": time(c.notAfter),
            "san": .object([
                "dns": .strings(c.dnsNames), "ip": .strings(c.ipAddresses),
                "email": .strings(c.emailAddresses), "uri": .strings(c.uris),
            ]),
            "key": json(c.key),
            "signature_algorithm": .string(c.signatureAlgorithm),
            "is_ca": .bool(c.isCA),
            "path_length": .optional(c.pathLength),
            "key_usage": .strings(c.keyUsage),
            "extended_key_usage": .strings(c.extendedKeyUsage),
            "sha256": .string(c.sha256),
            "spki_sha256": .string(c.spkiSHA256),
            "pin": .string(c.pin),
            "self_signed": .bool(c.selfSigned),
            "subject_key_id": .optional(c.subjectKeyID),
            "authority_key_id": .optional(c.authorityKeyID),
            "aia": .object(["ocsp": .strings(c.ocspURLs), "ca_issuers": .strings(c.caIssuerURLs)]),
            "crl_urls": .strings(c.crlURLs),
            "policies": .strings(c.policies),
            "anomalies": .strings(c.anomalies),
            "pem": .string(c.pem),
        ])
    }

    /// `{"type": "RSA", "bits": 2048, "curve": null}`.
    public static func json(_ key: KeyDescription) -> JSONValue {
        .object(["type": .string(key.type), "bits": .optional(key.bits), "curve": .optional(key.curve)])
    }

    /// A private key, never its secret.
    public static func json(_ key: KeyDetails) -> JSONValue {
        .object([
            "location": .string(key.location),
            "format": .string(key.format),
            "key": json(key.key),
            "spki_sha256": .string(key.spkiSHA256),
            "pin": .string(key.pin),
        ])
    }

    /// What a PKCS#12 file says about itself.
    public static func json(_ p: PKCS12Details) -> JSONValue {
        .object([
            "mac_algorithm": .optional(p.macAlgorithm),
            "mac_iterations": .optional(p.macIterations),
            "encryption": .array(
                p.encryption.map {
                    .object([
                        "contents": .string($0.contents), "algorithm": .string($0.algorithm),
                        "iterations": .optional($0.iterations), "legacy": .bool($0.legacy),
                    ])
                }
            ),
            "password_required": .bool(p.passwordRequired),
            "decrypted": .bool(p.decrypted),
            "has_private_key": .optional(p.hasPrivateKey),
            "key_matches_certificate": .optional(p.keyMatchesCertificate),
            "friendly_name": .optional(p.friendlyName),
        ])
    }

    /// The trust section.
    public static func json(_ t: TrustSection) -> JSONValue {
        .object([
            "evaluated": .bool(t.evaluated),
            "trusted": .optional(t.trusted),
            "profile": .string(t.profile),
            "profile_source": .string(t.profileSource),
            "note": .optional(t.note),
            "anchors": .array(t.anchors.map(json)),
            "path": t.path.map { .array($0.map(json)) } ?? .null,
            "openssl": t.openssl.map(json) ?? .null,
        ])
    }

    /// A certificate named briefly.
    public static func json(_ s: CertificateSummary) -> JSONValue {
        .object([
            "subject": .string(s.subject), "issuer": .string(s.issuer), "not_after": time(s.notAfter),
            "sha256": .string(s.sha256), "spki_sha256": .string(s.spkiSHA256), "source": .string(s.source),
        ])
    }

    /// Another verifier's verdict.
    public static func json(_ v: ExternalVerdict) -> JSONValue {
        .object([
            "verifier": .string(v.verifier), "ok": .bool(v.ok), "error": .optional(v.error),
            "depth": .optional(v.depth), "message": .optional(v.message),
        ])
    }

    /// docs/DESIGN.md's FINDING.
    public static func json(_ f: Finding) -> JSONValue {
        // Members in key order, so writing them needs no sort.
        .object([
            "caused_by": .optional(f.causedBy?.rawValue),
            "code": .string(f.code.rawValue),
            "evidence": .object(JSONObject(f.evidence, json)),
            "fix": .string(f.fix),
            "message": .string(f.message),
            "severity": .string(f.severity.rawValue),
            "subject": .string(f.subject.description),
        ])
    }

    /// docs/DESIGN.md's VERDICT: whether the profile's client would connect.
    public static func json(_ v: ClientVerdict) -> JSONValue {
        .object([
            "cause": .optional(v.cause?.code.rawValue),
            "client": .string(v.client),
            "connects": .bool(v.connects),
            "trusted": .optional(v.trusted),
        ])
    }

    /// Evidence is already JSON-shaped.
    public static func json(_ e: EvidenceValue) -> JSONValue {
        switch e {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(json))
        case .object(let members): return .object(JSONObject(members, json))
        }
    }

    /// ISO-8601 UTC.
    public static func time(_ date: Date) -> JSONValue { .string(ReportTime.iso8601(date)) }
}
