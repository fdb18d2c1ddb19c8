import Foundation
import TestSupport
@testable import TLSDiagnosis

/// Shared helpers for the trust engine tests: evaluate TestPKI certificates at the
/// reference time and pick findings out of the result.
enum Trust {
    /// An anchor for `issued`, named after its Common Name (`Test Root CA.pem`).
    static func anchor(_ issued: TestPKI.Issued) -> TrustAnchor {
        TrustAnchor(certificate: issued.x509, source: (issued.x509.commonNames.first ?? "anchor") + ".pem")
    }

    /// Evaluates `leaf` with `presented` after it against `anchors`.
    static func evaluate(
        _ leaf: TestPKI.Issued,
        _ presented: [TestPKI.Issued] = [],
        anchors: [TestPKI.Issued],
        name: String? = "printer.local",
        purpose: Purpose = .server,
        profile: Profile = .default,
        at: Date = TestPKI.referenceTime,
        maxIntermediates: Int? = nil,
        systemAnchors: Bool = false
    ) -> TrustEvaluation {
        let context = TrustContext(
            at: at,
            expectedName: name.map(ExpectedName.init(parsing:)),
            purpose: purpose,
            profile: profile,
            maxIntermediates: maxIntermediates
        )
        let trusted = anchors.map {
            systemAnchors ? TrustAnchor(certificate: $0.x509, source: TrustAnchor.systemSource) : anchor($0)
        }
        return TrustEngine.evaluate(
            leaf: leaf.x509,
            presented: presented.map(\.x509),
            anchors: trusted,
            context: context
        )
    }
}

extension TrustEvaluation {
    /// The findings with `code`.
    func findings(_ code: FindingCode) -> [Finding] { findings.filter { $0.code == code } }

    /// The first finding with `code`, if any.
    func first(_ code: FindingCode) -> Finding? { findings.first { $0.code == code } }

    /// The codes of the error findings, sorted.
    var errorCodes: [String] { Array(Set(findings.filter { $0.severity == .error }.map(\.code.rawValue))).sorted() }

    /// The sources of the path elements.
    var pathSources: [String]? { path?.map(\.source) }
}

extension EvidenceValue {
    /// The string inside, when it is one.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The int inside, when it is one.
    var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The strings inside an array of strings.
    var stringsValue: [String] {
        if case .array(let values) = self { return values.compactMap(\.stringValue) }
        return []
    }
}
