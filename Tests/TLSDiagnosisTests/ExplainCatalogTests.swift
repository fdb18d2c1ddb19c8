import Testing
@testable import TLSDiagnosis

private func first(_ text: String) -> Explanation? { ErrorCatalog.explain(text).first }
private func names(_ text: String) -> [String] { ErrorCatalog.explain(text).map(\.name) }

@Suite struct ExplainCatalogTests {
    @Test func everyEntryIsComplete() {
        for entry in ErrorCatalog.all {
            #expect(!entry.name.isEmpty)
            #expect(!entry.summary.isEmpty, "\(entry.name) has no summary")
            #expect(entry.meaning.count > 30, "\(entry.name) has no meaning")
            #expect(!entry.checks.isEmpty, "\(entry.name) has no checks")
            #expect(entry.checks.allSatisfy { !$0.isEmpty }, "\(entry.name) has an empty check")
        }
    }

    /// What a finding says the users of each client see are failures' words: curl's "ok"
    /// (a chain that passed) was listed under a failed handshake.
    @Test func theClientsOfAFindingSeeFailuresNotOK() {
        for entry in FindingCatalog.all {
            for words in ErrorCatalog.clientErrors(for: entry.code) {
                #expect(!words.hasSuffix("(ok)"), "\(entry.code): \(words)")
            }
        }
        #expect(!ErrorCatalog.clientErrors(for: .tlsHandshakeFailed).isEmpty)
    }

    /// The forms a whole input is matched against are ASCII: the matcher compares an
    /// ASCII input with them byte for byte (Matcher.exactMatches), which is String equality
    /// only among ASCII strings.
    @Test func everyMatchedFormIsASCII() {
        for entry in ErrorCatalog.entries {
            for form in entry.symbols + entry.exactForms + [entry.explanation.name] + entry.phrases {
                #expect(form.utf8.allSatisfy { $0 < 0x80 }, "\(entry.explanation.name): \(form)")
            }
        }
    }

    /// A whole input that is not ASCII but equal as a String to a form (canonically
    /// equivalent: U+037E GREEK QUESTION MARK is ";") is found as the form is.
    @Test func aCanonicallyEquivalentInputFindsTheSameEntries() {
        func entry(_ name: String, exact: [String] = [], phrases: [String] = []) -> CatalogEntry {
            var entry = CatalogEntry(
                explanation: Explanation(
                    kind: .opensslError,
                    name: name,
                    code: nil,
                    summary: "s",
                    meaning: "m",
                    checks: ["c"],
                    related: []
                )
            )
            entry.exactForms = exact
            entry.phrases = phrases
            return entry
        }
        let matcher = Matcher(entries: [
            entry("First_Name"), entry("second", exact: ["a;b"]), entry("third", phrases: ["out of order"]),
        ])
        #expect(matcher.match("a;b") == [1])
        #expect(matcher.match("a\u{37E}b") == [1], "U+037E is \";\" as a String")
        #expect(matcher.match("FIRST-NAME") == [], "a name's '-' is a space, '_' stays")
        #expect(matcher.match("first_name") == [0])
        #expect(matcher.match("First_Name") == [0])
        #expect(matcher.match("Out-of-Order") == [2])
        #expect(matcher.match("\u{C9}") == [] && matcher.match("x") == [])
    }

    @Test func everyRelatedCodeExistsInTheFindingCatalog() {
        let known = Set(FindingCatalog.all.map(\.code.rawValue))
        for entry in ErrorCatalog.all {
            for code in entry.related {
                #expect(known.contains(code), "\(entry.name) relates to unknown finding \(code)")
            }
        }
    }

    @Test func everyFindingCodeHasAnExplanationWithItsOwnMeaning() {
        for item in FindingCatalog.all {
            let found = ErrorCatalog.explain(item.code.rawValue)
            #expect(found.first?.kind == .findingCode, "\(item.code) not found")
            #expect(found.first?.name == item.code.rawValue)
            #expect(
                found.first?.meaning.hasPrefix(item.meaning) == true,
                "\(item.code) is explained without its meaning"
            )
            #expect(found.first?.checks.first == item.fix)
        }
    }

    @Test func namesAreUniqueWithinAKind() {
        for kind in Explanation.Kind.allCases {
            let names = ErrorCatalog.all.filter { $0.kind == kind }.map(\.name)
            #expect(Set(names).count == names.count, "duplicate names in \(kind)")
            let codes = ErrorCatalog.all.filter { $0.kind == kind }.compactMap(\.code)
            #expect(Set(codes).count == codes.count, "duplicate codes in \(kind)")
        }
    }

    @Test func coversEveryOpenSSL30VerifyError() {
        let verify = ErrorCatalog.all.filter { $0.kind == .opensslVerifyError }
        #expect(Set(verify.compactMap(\.code)) == Set((0...94).map(String.init)))
        #expect(verify.allSatisfy { $0.name.hasPrefix("X509_V_") })
    }

    @Test func coversEveryAlertTLSWireNames() {
        let alerts = Set(ErrorCatalog.all.filter { $0.kind == .tlsAlert }.map(\.name))
        for description in TLSWireAlerts.all { #expect(alerts.contains(description), "alert \(description) missing") }
    }

    @Test func unknownInputFindsNothing() {
        #expect(ErrorCatalog.explain("").isEmpty)
        #expect(ErrorCatalog.explain("   ").isEmpty)
        #expect(ErrorCatalog.explain("hello world").isEmpty)
        #expect(ErrorCatalog.explain("12345").isEmpty)
        #expect(ErrorCatalog.explain("chain.no_such_thing").isEmpty)
        #expect(ErrorCatalog.explain("GET /index.html HTTP/1.1 200 OK 2024-01-05 10:00:01").isEmpty)
        #expect(ErrorCatalog.explain("connection to port 4433 at 10.0.0.5 took 48 ms").isEmpty)
    }
}

import TLSWire
private enum TLSWireAlerts {
    static var all: [String] { AlertDescription.allKnown.compactMap(\.name) }
}
