import Crypto
import SystemCalls
import SwiftASN1
import X509

extension X509Certificate {
    /// SHA-256 of the whole certificate, lowercase hex.
    public var sha256: String { Hex.encode(SHA256.hash(data: der)) }

    /// SHA-256 of the SubjectPublicKeyInfo, lowercase hex.
    public var spkiSHA256: String { Hex.encode(SHA256.hash(data: spkiDER)) }

    /// The key pin in the HPKP / curl `--pinnedpubkey` form: `sha256/BASE64`.
    public var pin: String { "sha256/" + Data(SHA256.hash(data: spkiDER)).base64EncodedString() }

    /// The serial number, lowercase hex of its encoded bytes.
    public var serialHex: String { Hex.encode(serialNumberBytes) }

    /// The subject as an RFC 4514 string (`CN=Front Desk Root,O=Shop`).
    public var subjectString: String { DNComparison.text(subject) }

    /// The issuer as an RFC 4514 string.
    public var issuerString: String { DNComparison.text(issuer) }

    /// Whether subject and issuer are the same name (RFC 5280 "self-issued").
    public var isSelfIssued: Bool { DNComparison.equal(subjectDER, subject, issuerDER, issuer) }

    /// Whether the certificate is self-issued and its own key made its signature.
    public var isSelfSigned: Bool { isSelfIssued && signatureCheck(by: self) == .valid }

    /// Whether basicConstraints says CA:TRUE.
    public var isCA: Bool {
        if case .isCertificateAuthority = basicConstraints { return true }
        return false
    }

    /// basicConstraints' pathLenConstraint, when the certificate is a CA and has one.
    public var pathLengthConstraint: Int? {
        if case .isCertificateAuthority(let length) = basicConstraints { return length }
        return nil
    }

    /// The subject's Common Name values, in order.
    public var commonNames: [String] {
        subject.flatMap { rdn in
            rdn.filter { $0.type == .RDNAttributeType.commonName }.compactMap { String($0.value) }
        }
    }

    /// dNSName SAN entries.
    public var dnsNames: [String] {
        Array(subjectAlternativeNames ?? SubjectAlternativeNames()).compactMap {
            if case .dnsName(let n) = $0 { return n } else { return nil }
        }
    }

    /// iPAddress SAN entries as raw 4- or 16-byte addresses.
    public var ipAddresses: [[UInt8]] {
        Array(subjectAlternativeNames ?? SubjectAlternativeNames()).compactMap {
            if case .ipAddress(let octets) = $0 { return Array(octets.bytes) } else { return nil }
        }
    }

    /// rfc822Name SAN entries.
    public var emailAddresses: [String] {
        Array(subjectAlternativeNames ?? SubjectAlternativeNames()).compactMap {
            if case .rfc822Name(let n) = $0 { return n } else { return nil }
        }
    }

    /// uniformResourceIdentifier SAN entries.
    public var uris: [String] {
        Array(subjectAlternativeNames ?? SubjectAlternativeNames()).compactMap {
            if case .uniformResourceIdentifier(let n) = $0 { return n } else { return nil }
        }
    }

    /// keyUsage bits by their RFC 5280 names, in bit order.
    public var keyUsageNames: [String] {
        guard let ku = keyUsage else { return [] }
        let bits: [(Bool, String)] = [
            (ku.digitalSignature, "digitalSignature"), (ku.nonRepudiation, "nonRepudiation"),
            (ku.keyEncipherment, "keyEncipherment"), (ku.dataEncipherment, "dataEncipherment"),
            (ku.keyAgreement, "keyAgreement"), (ku.keyCertSign, "keyCertSign"), (ku.cRLSign, "cRLSign"),
            (ku.encipherOnly, "encipherOnly"), (ku.decipherOnly, "decipherOnly"),
        ]
        return bits.filter(\.0).map(\.1)
    }

    /// extendedKeyUsage purposes by name (`serverAuth`), or dotted OIDs for unknown ones.
    public var extendedKeyUsageNames: [String] {
        Array(extendedKeyUsage ?? ExtendedKeyUsage()).map { (usage: ExtendedKeyUsage.Usage) in
            OIDNames.usageName(ASN1ObjectIdentifier(usage))
        }
    }

    /// The subjectKeyIdentifier, lowercase hex.
    public var subjectKeyIDHex: String? { subjectKeyIdentifier.map { Hex.encode($0.keyIdentifier) } }

    /// The authorityKeyIdentifier's keyIdentifier, lowercase hex.
    public var authorityKeyIDHex: String? {
        authorityKeyIdentifier?.keyIdentifier.map { Hex.encode($0) }
    }

    /// OCSP responder URLs from authorityInfoAccess.
    public var ocspURLs: [String] { aiaURIs(.ocspServer) }

    /// CA issuer URLs from authorityInfoAccess.
    public var caIssuerURLs: [String] { aiaURIs(.issuingCA) }

    private func aiaURIs(_ method: AuthorityInformationAccess.AccessDescription.AccessMethod) -> [String] {
        Array(authorityInformationAccess ?? AuthorityInformationAccess([])).compactMap {
            guard $0.method == method, case .uniformResourceIdentifier(let uri) = $0.location else { return nil }
            return uri
        }
    }

    /// The validity period in whole days.
    public var validityDays: Int { Int((notAfter.timeIntervalSince(notBefore) / 86400).rounded(.down)) }

    /// The extension with `oid`, first occurrence.
    public func extensionValue(_ oid: ASN1ObjectIdentifier) -> Certificate.Extension? {
        extensions.first { $0.oid == oid }
    }
}

/// Lowercase hexadecimal, the report's form for bytes.
public enum Hex {
    /// Lowercase hex of `bytes`, no separators.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lowercase hex of a digest.
    public static func encode<D: Digest>(_ digest: D) -> String { encode(Array(digest)) }
}
