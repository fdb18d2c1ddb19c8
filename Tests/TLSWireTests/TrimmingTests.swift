import Foundation
import Testing
import TLSWire

/// `trimmingSpaces()` replaces Foundation's `trimmingCharacters(in: .whitespaces)` in the
/// product; Foundation is the reference it is checked against.
@Suite struct TrimmingTests {
    @Test func isSpaceIsFoundationsWhitespaceSetForEveryScalar() {
        let whitespaces = CharacterSet.whitespaces
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            if scalar.isSpace != whitespaces.contains(scalar) { differing.append(value) }
        }
        #expect(differing.isEmpty, "differ from CharacterSet.whitespaces: \(differing.map { String($0, radix: 16) })")
    }

    @Test func trimsAsFoundationDoes() {
        let samples = [
            "", " ", "\t", "  \t ", "abc", " abc ", "\tabc\t", "a b", "  a b  ", "\u{00A0}x\u{3000}",
            "\nline\n", " \nx\n ", "\r\nx", " \u{0301}x", "x \u{0301}", "\u{200B}x\u{200B}", "\u{FEFF}x",
            " 10.0.0.5:4433 ", " [::1]:443", "é ", " 🇫🇷 ", "\u{2028}x", "\u{85}x",
        ]
        for sample in samples {
            #expect(
                sample.trimmingSpaces() == sample.trimmingCharacters(in: .whitespaces),
                "\(Array(sample.unicodeScalars))"
            )
            #expect(Substring(sample).trimmingSpaces() == sample.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func trimsOnlyWhatThePredicateNames() {
        #expect("[::1]".trimming(where: { $0 == "[" || $0 == "]" }) == "::1")
        #expect("\r\r".trimming(where: { $0 == "\r" }) == "")
        #expect("a\r".trimming(where: { $0 == "\r" }) == "a")
        #expect(
            "[a]".trimming(where: { $0 == "[" || $0 == "]" })
                == "[a]".trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        )
    }
}
