import SwiftASN1
import X509

/// Readers for the extensions swift-certificates does not model, reporting only what a
/// diagnosis shows (URIs, policy OIDs).
enum ExtensionReaders {
    /// CRLDistributionPoints ::= SEQUENCE SIZE (1..MAX) OF DistributionPoint
    /// DistributionPoint ::= SEQUENCE { distributionPoint [0] DistributionPointName OPTIONAL, ... }
    /// DistributionPointName ::= CHOICE { fullName [0] GeneralNames, ... }   (RFC 5280 4.2.1.13)
    static func crlDistributionPointURIs(_ ext: Certificate.Extension) throws -> [String] {
        let root = try DER.parse(ext.value)
        guard root.identifier == .sequence, case .constructed(let points) = root.content else {
            throw ASN1Error.unexpectedFieldType(root.identifier)
        }
        var uris: [String] = []
        for point in points {
            guard case .constructed(let fields) = point.content else { continue }
            for field in fields where field.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
                guard case .constructed(let names) = field.content else { continue }
                for name in names where name.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
                {
                    guard case .constructed(let generalNames) = name.content else { continue }
                    for general in generalNames {
                        if case .uniformResourceIdentifier(let uri) = try GeneralName(derEncoded: general) {
                            uris.append(uri)
                        }
                    }
                }
            }
        }
        return uris
    }

    /// certificatePolicies ::= SEQUENCE SIZE (1..MAX) OF PolicyInformation
    /// PolicyInformation ::= SEQUENCE { policyIdentifier CertPolicyId, policyQualifiers ... OPTIONAL }   (RFC 5280 4.2.1.4)
    static func policyOIDs(_ ext: Certificate.Extension) throws -> [String] {
        let root = try DER.parse(ext.value)
        guard root.identifier == .sequence, case .constructed(let infos) = root.content else {
            throw ASN1Error.unexpectedFieldType(root.identifier)
        }
        return try infos.map { info in
            guard case .constructed(let fields) = info.content, let first = Array(fields).first else {
                throw ASN1Error.unexpectedFieldType(info.identifier)
            }
            return try ASN1ObjectIdentifier(derEncoded: first).description
        }
    }
}
