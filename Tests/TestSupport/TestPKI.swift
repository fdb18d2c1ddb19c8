import Crypto
import Foundation
import SwiftASN1
import TLSDiagnosis
import X509
import _CryptoExtras

/// Test PKIs built in code at a fixed reference time, in the manner of swift-certificates'
/// VerifierTests: every test names the certificates it needs and nothing depends on the clock.
public enum TestPKI {
    /// The instant every test evaluates at: 2026-01-15T12:00:00Z.
    public static let referenceTime = Date(timeIntervalSince1970: 1_768_478_400)

    /// `days` days from the reference time (negative for the past).
    public static func day(_ days: Double) -> Date { referenceTime.addingTimeInterval(days * 86400) }

    /// Which key a certificate gets.
    public enum KeyKind: Sendable, Hashable {
        case p256, p384, ed25519
        case rsa(bits: Int)
    }

    /// A fresh private key. RSA keys of the same size are reused within a process: making
    /// them is slow and tests never need two distinct RSA keys of one size without saying so.
    public static func makeKey(_ kind: KeyKind, fresh: Bool = false) -> Certificate.PrivateKey {
        switch kind {
        case .p256: return Certificate.PrivateKey(P256.Signing.PrivateKey())
        case .p384: return Certificate.PrivateKey(P384.Signing.PrivateKey())
        case .ed25519: return Certificate.PrivateKey(Curve25519.Signing.PrivateKey())
        case .rsa(let bits):
            if !fresh, let cached = rsaCache.withLock({ $0[bits] }) { return cached }
            let key: _RSA.Signing.PrivateKey
            switch bits {
            case 1024: key = try! _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024))
            case 3072: key = try! _RSA.Signing.PrivateKey(keySize: .bits3072)
            case 4096: key = try! _RSA.Signing.PrivateKey(keySize: .bits4096)
            default: key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
            }
            let wrapped = Certificate.PrivateKey(key)
            if !fresh { rsaCache.withLock { $0[bits] = wrapped } }
            return wrapped
        }
    }

    private static let rsaCache = Mutex<[Int: Certificate.PrivateKey]>([:])

    /// What a certificate should say. Defaults make a valid P-256 TLS server leaf valid
    /// from 30 days before to 90 days after the reference time.
    public struct Spec: Sendable {
        public var commonName: String
        public var organization: String? = nil
        public var isCA = false
        public var pathLength: Int? = nil
        public var basicConstraintsPresent = true
        public var dnsNames: [String] = []
        public var ipAddresses: [String] = []
        public var emails: [String] = []
        public var sanPresent: Bool? = nil
        public var extendedKeyUsage: [ExtendedKeyUsage.Usage]? = nil
        public var keyUsage: KeyUsage? = nil
        public var notBefore = TestPKI.day(-30)
        public var notAfter = TestPKI.day(90)
        public var key: KeyKind = .p256
        public var signatureAlgorithm: Certificate.SignatureAlgorithm? = nil
        public var nameConstraints: NameConstraints? = nil
        public var subjectKeyIdentifier = true
        public var authorityKeyIdentifier = true
        public var serial: Int = 0
        public var extraExtensions: [Certificate.Extension] = []

        public init(commonName: String) { self.commonName = commonName }

        /// A root CA.
        public static func root(_ name: String, key: KeyKind = .p256) -> Spec {
            var spec = Spec(commonName: name)
            spec.isCA = true
            spec.key = key
            spec.notBefore = TestPKI.day(-365)
            spec.notAfter = TestPKI.day(3650)
            spec.keyUsage = KeyUsage(keyCertSign: true, cRLSign: true)
            return spec
        }

        /// An intermediate CA.
        public static func intermediate(_ name: String, pathLength: Int? = nil) -> Spec {
            var spec = root(name)
            spec.pathLength = pathLength
            spec.notBefore = TestPKI.day(-200)
            spec.notAfter = TestPKI.day(1000)
            return spec
        }

        /// A TLS server leaf for DNS names and IP addresses.
        public static func server(_ name: String, dns: [String]? = nil, ips: [String] = []) -> Spec {
            var spec = Spec(commonName: name)
            spec.dnsNames = dns ?? (IPAddressText.parse(name) == nil ? [name] : [])
            spec.ipAddresses = ips
            spec.extendedKeyUsage = [.serverAuth]
            spec.keyUsage = KeyUsage(digitalSignature: true, keyEncipherment: true)
            return spec
        }

        /// A TLS client leaf.
        public static func client(_ name: String) -> Spec {
            var spec = Spec(commonName: name)
            spec.extendedKeyUsage = [.clientAuth]
            spec.keyUsage = KeyUsage(digitalSignature: true)
            return spec
        }
    }

    /// A certificate made by `issue`, with its key.
    public struct Issued: Sendable {
        public let certificate: Certificate
        public let privateKey: Certificate.PrivateKey
        public let der: [UInt8]

        /// The certificate in PEM.
        public var pem: String { TLSDiagnosis.PEM.encode(der, label: "CERTIFICATE") }
        /// The private key in PKCS#8 PEM.
        public var keyPEM: String { (try? privateKey.serializeAsPEM().pemString) ?? "" }
        /// The tolerant model tlsprobe uses.
        public var x509: X509Certificate { try! X509Certificate(derEncoded: der) }
        /// The subject as DistinguishedName.
        public var subject: DistinguishedName { certificate.subject }
    }

    private static let serials = Mutex<Int>(1000)

    /// Issues a certificate for `spec`, signed by `issuer` (self-signed when nil).
    /// `reuseKey` gives the certificate an existing key (a re-issued CA, a renewed leaf).
    public static func issue(_ spec: Spec, by issuer: Issued? = nil, reuseKey: Certificate.PrivateKey? = nil) -> Issued
    {
        let key = reuseKey ?? makeKey(spec.key)
        var subjectAttributes: [RelativeDistinguishedName] = []
        if let org = spec.organization {
            subjectAttributes.append(
                RelativeDistinguishedName(.init(type: .RDNAttributeType.organizationName, utf8String: org))
            )
        }
        if !spec.commonName.isEmpty {
            subjectAttributes.append(
                RelativeDistinguishedName(.init(type: .RDNAttributeType.commonName, utf8String: spec.commonName))
            )
        }
        let subject = DistinguishedName(subjectAttributes)
        var extensions: [Certificate.Extension] = []
        if spec.basicConstraintsPresent {
            let bc: BasicConstraints =
                spec.isCA ? .isCertificateAuthority(maxPathLength: spec.pathLength) : .notCertificateAuthority
            extensions.append(try! Certificate.Extension(bc, critical: true))
        }
        if let ku = spec.keyUsage { extensions.append(try! Certificate.Extension(ku, critical: true)) }
        if let eku = spec.extendedKeyUsage {
            extensions.append(try! Certificate.Extension(try! ExtendedKeyUsage(eku), critical: false))
        }
        var sans: [GeneralName] = spec.dnsNames.map { .dnsName($0) }
        sans += spec.ipAddresses.compactMap {
            IPAddressText.parse($0).map { .ipAddress(ASN1OctetString(contentBytes: $0[...])) }
        }
        sans += spec.emails.map { .rfc822Name($0) }
        if spec.sanPresent ?? !sans.isEmpty {
            extensions.append(try! Certificate.Extension(SubjectAlternativeNames(sans), critical: false))
        }
        if let nc = spec.nameConstraints { extensions.append(try! Certificate.Extension(nc, critical: true)) }
        if spec.subjectKeyIdentifier {
            extensions.append(try! Certificate.Extension(SubjectKeyIdentifier(hash: key.publicKey), critical: false))
        }
        if spec.authorityKeyIdentifier {
            let issuerKey = issuer?.privateKey.publicKey ?? key.publicKey
            let aki = AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: issuerKey).keyIdentifier)
            extensions.append(try! Certificate.Extension(aki, critical: false))
        }
        extensions += spec.extraExtensions
        let signingKey = issuer?.privateKey ?? key
        let algorithm = spec.signatureAlgorithm ?? defaultAlgorithm(for: signingKey)
        let serial =
            spec.serial != 0
            ? spec.serial
            : serials.withLock { value -> Int in
                value += 1
                return value
            }
        let certificate = try! Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(
                bytes: withUnsafeBytes(of: UInt64(serial).bigEndian, Array.init)[...]
            ),
            publicKey: key.publicKey,
            notValidBefore: spec.notBefore,
            notValidAfter: spec.notAfter,
            issuer: issuer?.certificate.subject ?? subject,
            subject: subject,
            signatureAlgorithm: algorithm,
            extensions: try! Certificate.Extensions(extensions),
            issuerPrivateKey: signingKey
        )
        var serializer = DER.Serializer()
        try! serializer.serialize(certificate)
        return Issued(certificate: certificate, privateKey: key, der: serializer.serializedBytes)
    }

    static func defaultAlgorithm(for key: Certificate.PrivateKey) -> Certificate.SignatureAlgorithm {
        switch key.publicKey.description {
        case let d where d.hasPrefix("RSA"): return .sha256WithRSAEncryption
        case let d where d.hasPrefix("P384"): return .ecdsaWithSHA384
        case let d where d.hasPrefix("Ed25519"): return .ed25519
        default: return .ecdsaWithSHA256
        }
    }

    /// A typical local PKI: root -> intermediate -> server leaf for `host`.
    public struct Chain: Sendable {
        public let root: Issued
        public let intermediate: Issued
        public let leaf: Issued

        public init(root: Issued, intermediate: Issued, leaf: Issued) {
            self.root = root
            self.intermediate = intermediate
            self.leaf = leaf
        }
    }

    /// Makes root "Test Root CA", intermediate "Test Intermediate CA" and a server leaf for `host`.
    public static func chain(host: String = "printer.local", ips: [String] = []) -> Chain {
        let root = issue(.root("Test Root CA"))
        let intermediate = issue(.intermediate("Test Intermediate CA"), by: root)
        let leaf = issue(.server(host, ips: ips), by: intermediate)
        return Chain(root: root, intermediate: intermediate, leaf: leaf)
    }
}

/// A small lock around a value (Synchronization.Mutex needs macOS 15; this needs nothing).
public final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) { self.value = value }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension TestPKI {
    /// The policy extensions a CA may carry, all critical as RFC 5280 asks: policyConstraints
    /// (inhibitPolicyMapping 0), inhibitAnyPolicy (0) and policyMappings (one private OID
    /// mapped to another). OpenSSL understands all three.
    public static let criticalPolicyExtensions: [Certificate.Extension] = [
        Certificate.Extension(oid: [2, 5, 29, 36], critical: true, value: [0x30, 0x03, 0x81, 0x01, 0x00]),
        Certificate.Extension(oid: [2, 5, 29, 54], critical: true, value: [0x02, 0x01, 0x00]),
        // SEQUENCE { SEQUENCE { 1.3.6.1.4.1.55555.1, 1.3.6.1.4.1.55555.2 } }
        Certificate.Extension(
            oid: [2, 5, 29, 33],
            critical: true,
            value: [
                0x30, 0x18, 0x30, 0x16,
                0x06, 0x09, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x83, 0xb2, 0x03, 0x01,
                0x06, 0x09, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x83, 0xb2, 0x03, 0x02,
            ]
        ),
    ]
}
