import Foundation
import Testing
import TLSWire
@testable import TLSDiagnosis

/// One catalog entry per finding code, and nothing made up for a code without one.
@Suite struct FindingCatalogTests {
    /// The codes declared as `FindingCode` static lets, read from their source file: Swift
    /// cannot list static properties, and a code added there must not lack an entry.
    static func declaredCodes() throws -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/TLSDiagnosis/Findings/FindingCode.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        return source.matches(of: /public static let \w+ = FindingCode\(rawValue: "([^"]+)"\)/).map {
            String($0.output.1)
        }
    }

    @Test func everyDeclaredCodeHasExactlyOneEntry() throws {
        let declared = try Self.declaredCodes()
        #expect(declared.count > 40)
        #expect(Set(declared).count == declared.count, "a code is declared twice")
        let cataloged = FindingCatalog.all.map(\.code.rawValue)
        for code in declared {
            #expect(
                cataloged.filter { $0 == code }.count == 1,
                "\(code) has \(cataloged.filter { $0 == code }.count) entries"
            )
        }
        #expect(
            Set(cataloged) == Set(declared),
            "entries for undeclared codes: \(Set(cataloged).subtracting(declared).sorted())"
        )
    }

    @Test func everyRelatedCodeHasAnEntry() {
        for entry in FindingCatalog.all {
            for related in entry.related {
                #expect(related.isKnown, "\(entry.code) relates to unknown \(related)")
                #expect(related != entry.code, "\(entry.code) relates to itself")
            }
            #expect(Set(entry.related).count == entry.related.count, "\(entry.code) lists a related code twice")
        }
    }

    @Test func everyEntryIsComplete() {
        for entry in FindingCatalog.all {
            #expect(
                !entry.title.isEmpty && !entry.meaning.isEmpty && !entry.fix.isEmpty && !entry.reproduce.isEmpty,
                "\(entry.code)"
            )
            #expect(
                entry.code.rawValue.contains(".")
                    && entry.code.area == String(entry.code.rawValue.split(separator: ".")[0])
            )
        }
    }

    @Test func everyCodeAProfileNamesHasAnEntry() {
        for profile in Profile.all {
            for code in profile.severityOverrides.keys {
                #expect(code.isKnown, "\(profile.name) overrides unknown \(code)")
            }
            for code in profile.disabled { #expect(code.isKnown, "\(profile.name) disables unknown \(code)") }
        }
    }

    @Test func profilesKeepTheirMinimumProtocolVersion() {
        for profile in Profile.all {
            #expect(profile.minimumProtocolVersion == .tls12, "\(profile.name)")
            #expect(profile.minimumProtocolVersion.description == "TLSv1.2")
        }
    }

    /// An unknown code is answered with nil by the lookups meant for codes from outside.
    @Test func anUnknownCodeHasNoEntry() {
        let unknown = FindingCode(rawValue: "chain.no_such_condition")
        #expect(FindingCatalog.entry(for: unknown) == nil)
        #expect(!unknown.isKnown)
        #expect(FindingCatalog.entry(for: .chainUntrustedRoot)?.code == .chainUntrustedRoot)
        #expect(FindingCode.chainUntrustedRoot.isKnown)
    }

    /// `entry` on an unknown code stops the program instead of inventing an entry.
    @Test func entryOfAnUnknownCodeStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = FindingCode(rawValue: "chain.no_such_condition").entry
        }
    }
}
