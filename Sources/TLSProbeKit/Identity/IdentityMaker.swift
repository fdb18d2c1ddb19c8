import Crypto
import SystemCalls
import SwiftASN1
import TLSModel
import TLSWire
import X509

/// A certificate `identity` made, with its key.
struct MadeCertificate {
    let certificate: Certificate
    let key: IdentityKey

    var der: [UInt8] { (try? certificate.serializeAsPEM().derBytes) ?? [] }
    var pem: String { ((try? certificate.serializeAsPEM().pemString) ?? "") + "\n" }
}

/// A name the server is reached by: an address goes in an iPAddress SAN, a name in a dNSName.
public enum IdentityHost: Sendable, Equatable {
    case dns(String)
    case ip([UInt8])

    /// `10.0.0.5`, `::1`, `printer.local`, `*.shop.local`; nil with the reason when `text`
    /// cannot be a SAN (an address with a port, a scoped IPv6 address, a URL, odd characters).
    public static func parse(_ text: String) -> Result<IdentityHost, IdentityUsageError> {
        let trimmed = text.trimmingSpaces()
        if trimmed.isEmpty { return .failure(IdentityUsageError("--host needs a name or an IP address")) }
        if let bytes = IPAddressText.parse(trimmed) { return .success(.ip(unmapped(bytes))) }
        if trimmed.containsText("%") {
            return .failure(
                IdentityUsageError(
                    "--host \(text): a scoped IPv6 address (with %zone) cannot go in a certificate; give the address alone"
                )
            )
        }
        if trimmed.containsText("://") || trimmed.containsText("/") {
            return .failure(IdentityUsageError("--host \(text): give the name or address alone, not a URL"))
        }
        // host:port, [v6]:port, v4:port.
        if trimmed.hasPrefix("[") || trimmed.containsText(":") {
            let host: String
            if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
                host = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            } else if let colon = trimmed.lastIndex(of: ":") {
                host = String(trimmed[..<colon])
            } else {
                host = trimmed
            }
            return .failure(
                IdentityUsageError(
                    "--host \(text): a certificate names a host, not a port (a client checks the name or address it dialled, whatever the port); give --host \(host.isEmpty ? "NAME" : host)"
                )
            )
        }
        var name = trimmed.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
        for (index, label) in labels.enumerated() {
            let ok =
                (label == "*" && index == 0 && labels.count > 2)
                || (!label.isEmpty && label.count <= 63 && label.allSatisfy { allowed.contains($0) }
                    && !label.hasPrefix("-") && !label.hasSuffix("-"))
            if !ok {
                return .failure(
                    IdentityUsageError(
                        "--host \(text): not a DNS name or an IP address (labels of letters, digits and hyphens separated by dots; a wildcard only as the whole first label, as in *.shop.local)"
                    )
                )
            }
        }
        if name.utf8.count > 253 {
            return .failure(IdentityUsageError("--host \(text): longer than a DNS name can be (253 characters)"))
        }
        if labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) {
            return .failure(
                IdentityUsageError("--host \(text): not an IPv4 address (four numbers 0-255 separated by dots)")
            )
        }
        return .success(.dns(name))
    }

    /// An IPv4-mapped IPv6 address (`::ffff:10.0.0.9`) as the IPv4 address it stands for: a
    /// client that dials 10.0.0.9 looks for the 4-byte iPAddress, never the 16-byte one.
    static func unmapped(_ bytes: [UInt8]) -> [UInt8] {
        isMappedIPv4(bytes) ? Array(bytes.suffix(4)) : bytes
    }

    static func isMappedIPv4(_ bytes: [UInt8]) -> Bool {
        bytes.count == 16 && bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    }

    /// The note for a `--host` written as an IPv4-mapped IPv6 address, or nil.
    public static func mappedNote(_ text: String) -> String? {
        guard let bytes = IPAddressText.parse(text.trimmingSpaces()), isMappedIPv4(bytes) else { return nil }
        let v4 = IPAddressText.format(Array(bytes.suffix(4)))
        return
            "--host \(text) is the IPv4 address \(v4) written as IPv6; the certificate names \(v4) (the address a client dialling it checks)"
    }

    /// Whether OpenSSL would take `name` for a host name when it is a leaf's Common Name
    /// (cn2dnsid in crypto/x509/v3_ncons.c): letters, digits, `_`, `-` and `.` only, at least one
    /// dot, neither `.` nor `-` first or last, no `..`, `.-` or `-.`. Such a Common Name is
    /// checked against the CA's DNS name constraints when the leaf has no dNSName.
    public static func looksLikeHostName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        var dotted = false
        for (i, c) in bytes.enumerated() {
            if (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F {
                continue
            }
            if i > 0 && i < bytes.count - 1 {
                if c == 0x2D { continue }
                if c == 0x2E && bytes[i + 1] != 0x2E && bytes[i - 1] != 0x2D && bytes[i + 1] != 0x2D {
                    dotted = true
                    continue
                }
            }
            return false
        }
        return dotted
    }

    /// The host as a client dials it (`[::1]` for IPv6).
    public var dialText: String {
        switch self {
        case .dns(let name): name
        case .ip(let bytes): bytes.count == 16 ? "[\(IPAddressText.format(bytes))]" : IPAddressText.format(bytes)
        }
    }

    public var text: String {
        switch self {
        case .dns(let name): name
        case .ip(let bytes): IPAddressText.format(bytes)
        }
    }

    var generalName: GeneralName {
        switch self {
        case .dns(let name): .dnsName(name)
        case .ip(let bytes): .ipAddress(ASN1OctetString(contentBytes: bytes[...]))
        }
    }
}

/// An IP range for a name constraint: `10.0.0.0/8`, `fd00::/8`.
public struct IdentityIPRange: Sendable, Equatable {
    public let address: [UInt8]
    public let prefixLength: Int

    public init(address: [UInt8], prefixLength: Int) {
        self.address = address
        self.prefixLength = prefixLength
    }

    /// Every IPv4 address (0.0.0.0/0) and every IPv6 address (::/0).
    public static let everyIPv4 = IdentityIPRange(address: [0, 0, 0, 0], prefixLength: 0)
    public static let everyIPv6 = IdentityIPRange(address: [UInt8](repeating: 0, count: 16), prefixLength: 0)

    /// The range as a name constraint holds it: the network address, then the prefix (10.0.0.0/8
    /// for 10.0.0.5/8).
    public var text: String {
        "\(IPAddressText.format(zip(address, mask).map { $0 & $1 }))/\(prefixLength)"
    }

    /// `10.0.0.0/8`, `fd00::/8`; an IPv4-mapped range (`::ffff:10.0.0.0/104`) as the IPv4 range.
    public static func parse(_ text: String) -> IdentityIPRange? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let bytes = IPAddressText.parse(String(parts[0])),
            parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), !parts[1].isEmpty, parts[1].count <= 3,
            let length = Int(parts[1]),
            length <= bytes.count * 8
        else { return nil }
        if IdentityHost.isMappedIPv4(bytes) && length >= 96 {
            return IdentityIPRange(address: Array(bytes.suffix(4)), prefixLength: length - 96)
        }
        return IdentityIPRange(address: bytes, prefixLength: length)
    }

    /// The mask bytes.
    var mask: [UInt8] {
        (0..<address.count).map { i in
            let bits = max(0, min(8, prefixLength - i * 8))
            return bits == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
        }
    }

    /// Address and mask, as a name constraint holds them (RFC 5280 4.2.1.10), host bits cleared.
    var constraintBytes: [UInt8] {
        let mask = self.mask
        return zip(address, mask).map { $0 & $1 } + mask
    }
}

/// A usage error in identity's arguments (exit status 64).
public struct IdentityUsageError: Error, Sendable, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Builds the certificates of `tlsprobe identity` with swift-certificates.
enum IdentityMaker {
    /// The clock allowance: a certificate is valid from an hour before it is made, so a
    /// device whose clock is a little behind accepts it at once.
    static let backdate: TimeInterval = 3600

    /// A random positive serial of 16 octets, its top bit clear so that its DER encoding
    /// needs no leading zero (RFC 5280 4.1.2.2: at most 20 octets; some validators count the
    /// encoded octets, and a 20-byte random value with its top bit set encodes as 21).
    static func serialNumber() -> Certificate.SerialNumber {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = (bytes[0] & 0x7F) | 0x01
        return Certificate.SerialNumber(bytes: bytes)
    }

    static func validity(days: Int, now: Date) -> (Date, Date) {
        let start = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - backdate).rounded(.down))
        return (start, start.addingTimeInterval(TimeInterval(days) * 86_400))
    }

    /// A self-signed root.
    static func root(
        name: String,
        key: IdentityKey,
        days: Int,
        now: Date,
        permitDNS: [String],
        permitIP: [IdentityIPRange],
        excludeIP: [IdentityIPRange] = [],
        pathLength: Int?
    ) throws -> MadeCertificate {
        let subject = try DistinguishedName { CommonName(name) }
        let (notBefore, notAfter) = validity(days: days, now: now)
        var extensions = Certificate.Extensions()
        try extensions.append(
            Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: pathLength), critical: true)
        )
        try extensions.append(
            Certificate.Extension(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true), critical: true)
        )
        try extensions.append(Certificate.Extension(SubjectKeyIdentifier(hash: key.publicKey), critical: false))
        if let constraints = nameConstraints(dns: permitDNS, ip: permitIP, excludedIP: excludeIP) {
            try extensions.append(Certificate.Extension(constraints, critical: true))
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: serialNumber(),
            publicKey: key.publicKey,
            notValidBefore: notBefore,
            notValidAfter: notAfter,
            issuer: subject,
            subject: subject,
            signatureAlgorithm: key.signatureAlgorithm,
            extensions: extensions,
            issuerPrivateKey: key.certificateKey
        )
        return MadeCertificate(certificate: certificate, key: key)
    }

    /// An issuing intermediate under `issuer` (path length 0: it issues leaves only).
    static func intermediate(
        name: String,
        key: IdentityKey,
        issuer: MadeCertificate,
        days: Int,
        now: Date,
        permitDNS: [String],
        permitIP: [IdentityIPRange],
        excludeIP: [IdentityIPRange] = []
    ) throws -> MadeCertificate {
        var extensions = Certificate.Extensions()
        try extensions.append(
            Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: 0), critical: true)
        )
        try extensions.append(
            Certificate.Extension(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true), critical: true)
        )
        try extensions.append(Certificate.Extension(SubjectKeyIdentifier(hash: key.publicKey), critical: false))
        try extensions.append(Certificate.Extension(authorityKeyIdentifier(of: issuer.certificate), critical: false))
        if let constraints = nameConstraints(dns: permitDNS, ip: permitIP, excludedIP: excludeIP) {
            try extensions.append(Certificate.Extension(constraints, critical: true))
        }
        return try signed(
            subject: DistinguishedName { CommonName(name) },
            key: key,
            issuer: issuer,
            days: days,
            now: now,
            extensions: extensions
        )
    }

    /// A server leaf: every host as the right SAN type, serverAuth, digitalSignature (and
    /// keyEncipherment for RSA, whose TLS 1.2 key exchange may need it).
    static func server(
        hosts: [IdentityHost],
        key: IdentityKey,
        issuer: MadeCertificate,
        days: Int,
        now: Date
    ) throws -> MadeCertificate {
        var extensions = Certificate.Extensions()
        try extensions.append(Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true))
        try extensions.append(
            Certificate.Extension(KeyUsage(digitalSignature: true, keyEncipherment: key.isRSA), critical: true)
        )
        try extensions.append(Certificate.Extension(ExtendedKeyUsage([.serverAuth]), critical: false))
        try extensions.append(Certificate.Extension(SubjectAlternativeNames(hosts.map(\.generalName)), critical: false))
        try extensions.append(Certificate.Extension(SubjectKeyIdentifier(hash: key.publicKey), critical: false))
        try extensions.append(Certificate.Extension(authorityKeyIdentifier(of: issuer.certificate), critical: false))
        let commonName = serverCommonName(hosts)
        return try signed(
            subject: DistinguishedName { CommonName(commonName) },
            key: key,
            issuer: issuer,
            days: days,
            now: now,
            extensions: extensions
        )
    }

    /// The server leaf's Common Name: its first DNS name; with addresses only, a name OpenSSL
    /// does not take for a host name (it has spaces), since OpenSSL checks a host-name-like
    /// Common Name of a leaf without a dNSName against the CA's DNS name constraints, and an
    /// address such as 10.0.0.6 is refused under --permit-dns local (X509_V_ERR_PERMITTED_VIOLATION).
    static func serverCommonName(_ hosts: [IdentityHost]) -> String {
        for host in hosts { if case .dns(let name) = host { return String(name.prefix(64)) } }
        return String("tlsprobe server \(hosts.first?.text ?? "")".prefix(64)).trimmingSpaces()
    }

    /// A client leaf: clientAuth, digitalSignature (and keyEncipherment for RSA), the device's
    /// name as its Common Name.
    static func client(
        name: String,
        key: IdentityKey,
        issuer: MadeCertificate,
        days: Int,
        now: Date
    ) throws -> MadeCertificate {
        var extensions = Certificate.Extensions()
        try extensions.append(Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true))
        try extensions.append(
            Certificate.Extension(KeyUsage(digitalSignature: true, keyEncipherment: key.isRSA), critical: true)
        )
        try extensions.append(Certificate.Extension(ExtendedKeyUsage([.clientAuth]), critical: false))
        try extensions.append(Certificate.Extension(SubjectKeyIdentifier(hash: key.publicKey), critical: false))
        try extensions.append(Certificate.Extension(authorityKeyIdentifier(of: issuer.certificate), critical: false))
        return try signed(
            subject: DistinguishedName { CommonName(name) },
            key: key,
            issuer: issuer,
            days: days,
            now: now,
            extensions: extensions
        )
    }

    private static func signed(
        subject: DistinguishedName,
        key: IdentityKey,
        issuer: MadeCertificate,
        days: Int,
        now: Date,
        extensions: Certificate.Extensions
    ) throws -> MadeCertificate {
        var (notBefore, notAfter) = validity(days: days, now: now)
        // Never outlive the issuer: a client would refuse the leaf once the CA expired anyway.
        notAfter = min(notAfter, issuer.certificate.notValidAfter)
        notBefore = max(notBefore, issuer.certificate.notValidBefore)
        let certificate = try Certificate(
            version: .v3,
            serialNumber: serialNumber(),
            publicKey: key.publicKey,
            notValidBefore: notBefore,
            notValidAfter: notAfter,
            issuer: issuer.certificate.subject,
            subject: subject,
            signatureAlgorithm: issuer.key.signatureAlgorithm,
            extensions: extensions,
            issuerPrivateKey: issuer.key.certificateKey
        )
        return MadeCertificate(certificate: certificate, key: key)
    }

    /// The issuer's subject key identifier (or one computed from its key, as the SKI is).
    private static func authorityKeyIdentifier(of issuer: Certificate) throws -> AuthorityKeyIdentifier {
        let ski =
            (try? issuer.extensions.subjectKeyIdentifier)?.keyIdentifier
            ?? SubjectKeyIdentifier(hash: issuer.publicKey).keyIdentifier
        return AuthorityKeyIdentifier(keyIdentifier: ski)
    }

    private static func nameConstraints(
        dns: [String],
        ip: [IdentityIPRange],
        excludedIP: [IdentityIPRange]
    ) -> NameConstraints? {
        guard !dns.isEmpty || !ip.isEmpty || !excludedIP.isEmpty else { return nil }
        return NameConstraints(
            permittedDNSDomains: dns,
            permittedIPRanges: ip.map { ASN1OctetString(contentBytes: $0.constraintBytes[...]) },
            excludedIPRanges: excludedIP.map { ASN1OctetString(contentBytes: $0.constraintBytes[...]) }
        )
    }
}
