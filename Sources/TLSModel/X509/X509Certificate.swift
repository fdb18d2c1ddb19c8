import Crypto
import SystemCalls
import SwiftASN1
import X509

/// One X.509 certificate as it was presented, parsed tolerantly.
///
/// swift-certificates' `Certificate` refuses what it cannot use (RSA keys under 2048
/// bits, DSA, unknown curves and signature algorithms, duplicate extensions), and those
/// are exactly the certificates a diagnostic tool must describe. So the outer structure
/// (RFC 5280 section 4.1) is read here with swift-asn1, and swift-certificates supplies
/// the parts: distinguished names, extensions and their typed views, general names and
/// public keys for signature checks. What breaks the rules but can still be read is kept
/// in `anomalies` for the checks to judge.
public struct X509Certificate: Sendable, Hashable {
    /// The whole certificate, DER.
    public let der: [UInt8]
    /// The signed part (TBSCertificate), DER.
    public let tbsBytes: [UInt8]
    /// 1, 2 or 3.
    public let version: Int
    /// The serial number's INTEGER content bytes, as encoded (two's complement, big-endian).
    public let serialNumberBytes: [UInt8]
    /// The outer signature algorithm (Certificate.signatureAlgorithm).
    public let signatureAlgorithm: AlgorithmIdentifierView
    /// The algorithm inside TBSCertificate; RFC 5280 requires it to equal the outer one.
    public let tbsSignatureAlgorithm: AlgorithmIdentifierView
    /// The signature bits.
    public let signature: [UInt8]
    /// The issuer name, and its DER.
    public let issuer: DistinguishedName
    public let issuerDER: [UInt8]
    /// The subject name, and its DER.
    public let subject: DistinguishedName
    public let subjectDER: [UInt8]
    /// The validity period.
    public let notBefore: Date
    public let notAfter: Date
    /// The SubjectPublicKeyInfo, DER.
    public let spkiDER: [UInt8]
    /// The key's algorithm and size.
    public let key: KeyDescription
    /// The key as swift-certificates models it, for signature checks; nil when it
    /// cannot (DSA, unknown curves, RSA under 1024 bits, malformed keys).
    public let publicKey: Certificate.PublicKey?
    /// Every extension in the order encoded, duplicates included.
    public let extensions: [Certificate.Extension]
    /// Rule breaks found while reading: each names the field and what is wrong.
    public let anomalies: [X509Anomaly]

    // Typed views of the first occurrence of each extension; nil when absent or
    // malformed (a malformed one is also an anomaly).
    public let basicConstraints: BasicConstraints?
    public let keyUsage: KeyUsage?
    public let extendedKeyUsage: ExtendedKeyUsage?
    public let subjectAlternativeNames: SubjectAlternativeNames?
    public let nameConstraints: NameConstraints?
    public let authorityKeyIdentifier: AuthorityKeyIdentifier?
    public let subjectKeyIdentifier: SubjectKeyIdentifier?
    public let authorityInformationAccess: AuthorityInformationAccess?
    /// The URIs of the CRL distribution points.
    public let crlDistributionPoints: [String]
    /// The certificate policy OIDs, dotted.
    public let policies: [String]

    /// Reads a DER certificate. Throws when the outer structure cannot be read at all;
    /// anything less is recorded in `anomalies`.
    public init(derEncoded der: [UInt8]) throws(X509ParseError) {
        let root: ASN1Node
        do {
            root = try DER.parse(der)
        } catch {
            throw X509ParseError(field: "Certificate", reason: "not valid DER: \(Self.plainWords(error))")
        }
        if root.encodedBytes.count != der.count {
            throw X509ParseError(
                field: "Certificate",
                reason: "\(der.count - root.encodedBytes.count) bytes after the certificate"
            )
        }
        let outer = try Self.children(of: root, field: "Certificate", expecting: 3)
        let tbsNode = outer[0]
        var anomalies: [X509Anomaly] = []

        self.der = der
        self.tbsBytes = Array(tbsNode.encodedBytes)
        self.signatureAlgorithm = try AlgorithmIdentifierView(node: outer[1], field: "signatureAlgorithm")
        guard outer[2].identifier == .bitString, let sig = try? ASN1BitString(derEncoded: outer[2]) else {
            throw X509ParseError(field: "signatureValue", reason: "not a BIT STRING")
        }
        self.signature = Array(sig.bytes)

        guard tbsNode.identifier == .sequence, case .constructed(let tbsChildren) = tbsNode.content else {
            throw X509ParseError(field: "tbsCertificate", reason: "not a SEQUENCE")
        }
        var fields = Array(tbsChildren)[...]

        // version [0] EXPLICIT Version DEFAULT v1
        var version = 1
        if let first = fields.first, first.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
            fields = fields.dropFirst()
            guard case .constructed(let inner) = first.content, let node = Array(inner).first,
                let value = try? Int(derEncoded: node)
            else {
                throw X509ParseError(field: "version", reason: "not an INTEGER")
            }
            guard (0...2).contains(value) else {
                throw X509ParseError(field: "version", reason: "unknown version \(value)")
            }
            if value == 0 {
                anomalies.append(
                    X509Anomaly(
                        field: "version",
                        problem: "v1 encoded explicitly; DER requires the default to be omitted"
                    )
                )
            }
            version = value + 1
        }
        self.version = version

        // serialNumber CertificateSerialNumber
        guard let serialNode = fields.popFirst(), serialNode.identifier == .integer,
            case .primitive(let serialBytes) = serialNode.content, !serialBytes.isEmpty
        else {
            throw X509ParseError(field: "serialNumber", reason: "not an INTEGER")
        }
        self.serialNumberBytes = Array(serialBytes)
        if serialBytes.count > 1,
            (serialBytes[serialBytes.startIndex] == 0 && serialBytes[serialBytes.startIndex + 1] & 0x80 == 0)
                || (serialBytes[serialBytes.startIndex] == 0xFF && serialBytes[serialBytes.startIndex + 1] & 0x80 != 0)
        {
            anomalies.append(X509Anomaly(field: "serialNumber", problem: "INTEGER not minimally encoded"))
        }
        if serialBytes[serialBytes.startIndex] & 0x80 != 0 {
            anomalies.append(
                X509Anomaly(
                    field: "serialNumber",
                    problem: "negative serial number (RFC 5280 4.1.2.2 requires a positive integer)"
                )
            )
        } else if serialBytes.allSatisfy({ $0 == 0 }) {
            anomalies.append(
                X509Anomaly(
                    field: "serialNumber",
                    problem: "serial number is zero (RFC 5280 4.1.2.2 requires a positive integer)"
                )
            )
        }
        let significant = serialBytes.drop(while: { $0 == 0 })
        if significant.count > 20 {
            anomalies.append(
                X509Anomaly(
                    field: "serialNumber",
                    problem: "serial number is \(significant.count) octets; RFC 5280 4.1.2.2 allows at most 20"
                )
            )
        }

        // signature AlgorithmIdentifier
        guard let tbsAlgNode = fields.popFirst() else {
            throw X509ParseError(field: "tbsCertificate.signature", reason: "missing")
        }
        self.tbsSignatureAlgorithm = try AlgorithmIdentifierView(node: tbsAlgNode, field: "tbsCertificate.signature")
        if tbsSignatureAlgorithm.der != signatureAlgorithm.der {
            anomalies.append(
                X509Anomaly(
                    field: "signature",
                    problem:
                        "TBSCertificate.signature (\(tbsSignatureAlgorithm.name)) differs from signatureAlgorithm (\(signatureAlgorithm.name))"
                )
            )
        }

        // issuer Name
        guard let issuerNode = fields.popFirst(), let issuer = try? DistinguishedName(derEncoded: issuerNode) else {
            throw X509ParseError(field: "issuer", reason: "not a Name")
        }
        self.issuer = issuer
        self.issuerDER = Array(issuerNode.encodedBytes)

        // validity Validity
        guard let validityNode = fields.popFirst() else {
            throw X509ParseError(field: "validity", reason: "missing")
        }
        let validity = try Self.children(of: validityNode, field: "validity", expecting: 2)
        self.notBefore = try Self.time(validity[0], field: "validity.notBefore", anomalies: &anomalies)
        self.notAfter = try Self.time(validity[1], field: "validity.notAfter", anomalies: &anomalies)

        // subject Name
        guard let subjectNode = fields.popFirst(), let subject = try? DistinguishedName(derEncoded: subjectNode) else {
            throw X509ParseError(field: "subject", reason: "not a Name")
        }
        self.subject = subject
        self.subjectDER = Array(subjectNode.encodedBytes)

        // subjectPublicKeyInfo
        guard let spkiNode = fields.popFirst() else {
            throw X509ParseError(field: "subjectPublicKeyInfo", reason: "missing")
        }
        self.spkiDER = Array(spkiNode.encodedBytes)
        let (key, publicKey) = KeyDescription.read(spki: spkiNode, anomalies: &anomalies)
        self.key = key
        self.publicKey = publicKey

        // issuerUniqueID [1], subjectUniqueID [2], extensions [3]
        var extensions: [Certificate.Extension] = []
        for node in fields {
            switch (node.identifier.tagClass, node.identifier.tagNumber) {
            case (.contextSpecific, 1), (.contextSpecific, 2):
                if version < 2 {
                    anomalies.append(
                        X509Anomaly(field: "uniqueIdentifier", problem: "unique identifiers in a v1 certificate")
                    )
                }
            case (.contextSpecific, 3):
                if version < 3 {
                    anomalies.append(
                        X509Anomaly(field: "extensions", problem: "extensions in a v\(version) certificate")
                    )
                }
                guard case .constructed(let wrapper) = node.content, let list = Array(wrapper).first,
                    list.identifier == .sequence, case .constructed(let items) = list.content
                else {
                    throw X509ParseError(field: "extensions", reason: "not a SEQUENCE OF Extension")
                }
                for item in items {
                    guard let ext = try? Certificate.Extension(derEncoded: item) else {
                        throw X509ParseError(field: "extensions", reason: "an Extension that cannot be read")
                    }
                    extensions.append(ext)
                }
                if extensions.isEmpty {
                    anomalies.append(
                        X509Anomaly(
                            field: "extensions",
                            problem: "empty extensions list (RFC 5280 requires at least one when present)"
                        )
                    )
                }
            default:
                throw X509ParseError(field: "tbsCertificate", reason: "unexpected field \(node.identifier)")
            }
        }
        self.extensions = extensions
        var seen = Set<ASN1ObjectIdentifier>()
        for ext in extensions where !seen.insert(ext.oid).inserted {
            anomalies.append(
                X509Anomaly(
                    field: "extensions",
                    problem: "extension \(OIDNames.extensionName(ext.oid)) appears more than once (RFC 5280 4.2)",
                    refusedByClients: true
                )
            )
        }

        func typed<T>(_ oid: ASN1ObjectIdentifier, _ name: String, _ make: (Certificate.Extension) throws -> T) -> T? {
            guard let ext = extensions.first(where: { $0.oid == oid }) else { return nil }
            do {
                return try make(ext)
            } catch {
                anomalies.append(
                    X509Anomaly(
                        field: name,
                        problem: "extension cannot be decoded: \(Self.plainWords(error))",
                        refusedByClients: true
                    )
                )
                return nil
            }
        }
        let ids = ASN1ObjectIdentifier.X509ExtensionID.self
        self.basicConstraints = typed(ids.basicConstraints, "basicConstraints", BasicConstraints.init)
        self.keyUsage = typed(ids.keyUsage, "keyUsage", KeyUsage.init)
        self.extendedKeyUsage = typed(ids.extendedKeyUsage, "extendedKeyUsage", ExtendedKeyUsage.init)
        self.subjectAlternativeNames = typed(ids.subjectAlternativeName, "subjectAltName", SubjectAlternativeNames.init)
        self.nameConstraints = typed(ids.nameConstraints, "nameConstraints", NameConstraints.init)
        self.authorityKeyIdentifier = typed(
            ids.authorityKeyIdentifier,
            "authorityKeyIdentifier",
            AuthorityKeyIdentifier.init
        )
        self.subjectKeyIdentifier = typed(ids.subjectKeyIdentifier, "subjectKeyIdentifier", SubjectKeyIdentifier.init)
        self.authorityInformationAccess = typed(
            ids.authorityInformationAccess,
            "authorityInfoAccess",
            AuthorityInformationAccess.init
        )
        self.crlDistributionPoints =
            typed(OIDNames.crlDistributionPoints, "cRLDistributionPoints", ExtensionReaders.crlDistributionPointURIs)
            ?? []
        self.policies = typed(OIDNames.certificatePolicies, "certificatePolicies", ExtensionReaders.policyOIDs) ?? []
        self.anomalies = anomalies
    }

    public static func == (lhs: X509Certificate, rhs: X509Certificate) -> Bool { lhs.der == rhs.der }
    public func hash(into hasher: inout Hasher) { hasher.combine(der) }
}

/// Why a certificate could not be read at all.
public struct X509ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The RFC 5280 field where reading stopped.
    public let field: String
    /// What was wrong there.
    public let reason: String

    public var description: String { "\(field): \(reason)" }
}

/// A rule the certificate breaks that did not stop it from being read.
public struct X509Anomaly: Sendable, Hashable, CustomStringConvertible {
    /// The field, e.g. `serialNumber`, `extensions`, `subjectAltName`.
    public let field: String
    /// What is wrong, in words.
    public let problem: String
    /// Whether common clients (OpenSSL, Apple, browsers) refuse a certificate for it;
    /// otherwise only strict RFC 5280 validators do.
    public let refusedByClients: Bool

    public init(field: String, problem: String, refusedByClients: Bool = false) {
        self.field = field
        self.problem = problem
        self.refusedByClients = refusedByClients
    }

    public var description: String { "\(field): \(problem)" }
}

/// An AlgorithmIdentifier as encoded: its OID, a readable name and its DER.
public struct AlgorithmIdentifierView: Sendable, Hashable {
    /// The algorithm OID.
    public let oid: ASN1ObjectIdentifier
    /// The parameters field as encoded, or nil when absent.
    public let parameters: [UInt8]?
    /// The whole AlgorithmIdentifier, DER.
    public let der: [UInt8]

    /// A readable name: `sha256WithRSAEncryption`, `ecdsa-with-SHA256`, or the dotted OID.
    public var name: String { OIDNames.algorithmName(oid) }

    init(node: ASN1Node, field: String) throws(X509ParseError) {
        guard node.identifier == .sequence, case .constructed(let children) = node.content else {
            throw X509ParseError(field: field, reason: "not an AlgorithmIdentifier")
        }
        let items = Array(children)
        guard let first = items.first, let oid = try? ASN1ObjectIdentifier(derEncoded: first), items.count <= 2 else {
            throw X509ParseError(field: field, reason: "not an AlgorithmIdentifier")
        }
        self.oid = oid
        self.parameters = items.count == 2 ? Array(items[1].encodedBytes) : nil
        self.der = Array(node.encodedBytes)
    }
}

extension X509Certificate {
    fileprivate static func children(
        of node: ASN1Node,
        field: String,
        expecting count: Int
    ) throws(X509ParseError) -> [ASN1Node] {
        guard node.identifier == .sequence, case .constructed(let children) = node.content else {
            throw X509ParseError(field: field, reason: "not a SEQUENCE")
        }
        let items = Array(children)
        guard items.count == count else {
            throw X509ParseError(field: field, reason: "\(items.count) elements where \(count) belong")
        }
        return items
    }

    /// Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime } (RFC 5280 4.1.2.5):
    /// dates through 2049 in UTCTime, 2050 onward in GeneralizedTime. A UTCTime cannot be
    /// out of range: its two-digit year is 1950-2049 by definition (swift-asn1 reads it so),
    /// so only GeneralizedTime used before 2050 is an anomaly.
    fileprivate static func time(
        _ node: ASN1Node,
        field: String,
        anomalies: inout [X509Anomaly]
    ) throws(X509ParseError) -> Date {
        if node.identifier == .utcTime, let t = try? UTCTime(derEncoded: node) {
            return civilDate(t.year, t.month, t.day, t.hours, t.minutes, t.seconds)
        }
        if node.identifier == .generalizedTime, let t = try? GeneralizedTime(derEncoded: node) {
            if (1950...2049).contains(t.year) {
                anomalies.append(
                    X509Anomaly(
                        field: field,
                        problem: "GeneralizedTime used for year \(t.year); RFC 5280 requires UTCTime before 2050"
                    )
                )
            }
            if t.fractionalSeconds != 0 {
                anomalies.append(X509Anomaly(field: field, problem: "fractional seconds (RFC 5280 forbids them)"))
            }
            return civilDate(t.year, t.month, t.day, t.hours, t.minutes, t.seconds)
        }
        throw X509ParseError(field: field, reason: "not a valid UTCTime or GeneralizedTime")
    }

    /// swift-asn1's and swift-certificates' errors in words a report can show: their
    /// descriptions carry source file names and line numbers.
    static func plainWords(_ error: any Error) -> String {
        if let asn1 = error as? ASN1Error {
            switch asn1.code {
            case .truncatedASN1Field: return "the encoding ends in the middle of a field"
            case .unexpectedFieldType: return "a field has an unexpected type"
            case .invalidASN1Object: return "the structure is not valid ASN.1"
            case .invalidASN1IntegerEncoding: return "an INTEGER is not minimally encoded"
            case .unsupportedFieldLength: return "a field length is too large or not in DER form"
            case .invalidStringRepresentation: return "a string holds characters its type does not allow"
            case .tooFewOIDComponents: return "an object identifier has too few components"
            default: return "the encoding is not valid DER"
            }
        }
        if error is CertificateError { return "the value does not fit the extension's definition" }
        return "the value cannot be read"
    }

    /// Seconds since 1970 for a UTC calendar date (Howard Hinnant's days_from_civil).
    static func civilDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + hour * 3600 + minute * 60 + second))
    }
}
