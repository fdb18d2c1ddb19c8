import Foundation
import Testing
import TestSupport
import TLSModel
@testable import TLSProbeOutput
import TLSWire

/// Text output takes short cuts for speed (a capture renders thousands of reports): it
/// wraps text byte by byte where it can (`wrapASCII`) and any other text a character at a
/// time (`wrapCharacters`), tests bytes before decoding, pads labels without NSString and
/// remembers client hello sections. Each must give what the long way gives.
@Suite struct TextFastPathTests {
    @Test func asciiWrapsAsCharactersDo() {
        // Seeded, so a failure names a text that can be made again.
        var random = SplitMix64(seed: 18)
        // Words short and long (wider than a line), runs of spaces, empty paragraphs.
        let ascii = [
            "a", "word", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,", " ", "  ", "\n", "\n\n",
            String(repeating: "x", count: 130), "0x1301",
        ]
        // Beyond ASCII: characters of one scalar and of several, and a combining mark after
        // a space (which joins the space: such a text is the character path's).
        let other =
            ascii + [
                "a—b", "cafés", "ae\u{301}x", "·", "😀", "👍🏽", "中文", "—", "\u{301}", "\u{600}", "\u{903}", "\u{200D}",
            ]
        var compared = 0
        var comparedBeyondASCII = 0
        for _ in 0..<3000 {
            // One text in five may hold a character beyond ASCII (the other path's).
            let pieces = Int.random(in: 0..<5, using: &random) == 0 ? other : ascii
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let style = TextStyle(color: false, width: Int.random(in: 30...130, using: &random))
            let indent = Int.random(in: 0...30, using: &random)
            let firstIndent: Int? = Bool.random(using: &random) ? nil : Int.random(in: 0...40, using: &random)
            let slow = style.wrapCharacters(text, indent: indent, firstIndent: firstIndent)
            guard let fast = style.wrapASCII(text, indent: indent, firstIndent: firstIndent) else {
                let ascii = text.utf8.allSatisfy { $0 < 0x80 }
                #expect(!ascii, "an ASCII text took the slow path: \(text.debugDescription)")
                continue
            }
            compared += 1
            if text.utf8.contains(where: { $0 >= 0x80 }) { comparedBeyondASCII += 1 }
            #expect(
                fast == slow,
                "width \(style.width) indent \(indent) first \(String(describing: firstIndent)): \(text.debugDescription)"
            )
        }
        #expect(
            compared > 2000 && comparedBeyondASCII > 100,
            "\(compared) texts compared, \(comparedBeyondASCII) beyond ASCII"
        )
        // A space joined to a combining mark after it (or a spacing mark or a joiner), or to a
        // prepended mark before it, is left to the character path; one beside another
        // character is not.
        for joined in ["a \u{301}b", "a \u{903}b", "a \u{200D}b", "a\u{600} b"] {
            #expect(TextStyle.plain.wrapASCII(joined, indent: 2, firstIndent: nil) == nil, "\(joined.debugDescription)")
        }
        #expect(TextStyle.plain.wrapASCII("TLSv1.3 · TLS_AES_128_GCM_SHA256 — x", indent: 2, firstIndent: nil) != nil)
        // A carriage return (CR LF is one character) is left to the character path.
        #expect(TextStyle.plain.wrapASCII("a\r\nb", indent: 2, firstIndent: nil) == nil)
        #expect(
            TextStyle.plain.wrap("a\r\nb", indent: 2)
                == TextStyle.plain.wrapCharacters("a\r\nb", indent: 2, firstIndent: nil)
        )
    }

    /// `terminalSafe` and `oneLine` look at bytes first and decode only text that may need
    /// them: every scalar of the first planes, between two letters, is still escaped exactly
    /// when it should be (C0 but tab and newline, DEL, C1, the bidirectional overrides; the
    /// line breaks), and nothing else changes.
    @Test func theByteTestsMissNoScalar() {
        let escaped: [ClosedRange<UInt32>] = [0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069]
        let breaks: [ClosedRange<UInt32>] = [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029]
        var checked = 0
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x" + String(Character(scalar)) + "y"
            let mustEscape = escaped.contains { $0.contains(value) }
            #expect((TextStyle.terminalSafe(text) != text) == mustEscape, "U+\(String(value, radix: 16)) terminalSafe")
            let isBreak = breaks.contains { $0.contains(value) }
            #expect((TextStyle.oneLine(text) != text) == isBreak, "U+\(String(value, radix: 16)) oneLine")
            checked += 1
        }
        #expect(checked > 12_000)
        // Well past those planes, as well.
        for text in ["x😀y", "x\u{E0001}y", "x\u{FEFF}y", "中文"] {
            #expect(TextStyle.terminalSafe(text) == text && TextStyle.oneLine(text) == text)
        }
    }

    @Test func paddingIsNSStrings() {
        for (text, length) in [
            ("Version", 12), ("", 3), ("exactly12chr", 12), ("longer than twelve", 12),
            ("é", 4), ("😀", 4), ("a😀b", 3), ("SNI", 0),
        ] {
            #expect(
                TextStyle.padded(text, to: length) == text.padding(toLength: length, withPad: " ", startingAt: 0),
                "\(text) to \(length)"
            )
        }
    }

    /// A remembered client hello section is the one its hello, title and style make: the
    /// same hello under another title or width is written anew, not taken from the memo.
    @Test func helloSectionsAreRememberedByWhatMakesThem() {
        let suites = (0..<40).map { CipherSuite(rawValue: 0xC000 + UInt16($0)) }
        let hello = ClientHelloSummary(
            legacyVersion: .tls12,
            versions: [.tls13, .tls12],
            cipherSuites: suites,
            sni: "printer.local",
            alpn: ["h2"],
            signatureAlgorithms: [],
            supportedGroups: [],
            keyShareGroups: [],
            extensions: []
        )
        let narrow = TextRenderer(style: TextStyle(color: false, width: 60))
        let wide = TextRenderer(style: TextStyle(color: false, width: 120))
        let first = narrow.clientHelloSection(hello)
        #expect(first.hasPrefix("\nClient hello\n") && first.contains("printer.local"), "\(first)")
        let coloured = TextRenderer(style: TextStyle(color: true, width: 60)).clientHelloSection(hello)
        #expect(coloured.contains("\u{1B}[") && !first.contains("\u{1B}["), "\(coloured)")
        // What the section does not show (a cookie, key shares) does not make a new one.
        var retried = hello
        retried.cookie = [1, 2, 3]
        retried.keyShareGroups = [NamedGroup(rawValue: 29)]
        #expect(narrow.clientHelloSection(retried) == first)
        let titled = narrow.clientHelloSection(hello, title: "Our client hello")
        #expect(titled.hasPrefix("\nOur client hello\n"), "\(titled)")
        let widely = wide.clientHelloSection(hello)
        #expect(
            widely != first && widely.split(separator: "\n").count < first.split(separator: "\n").count,
            "\(widely)"
        )
        var other = hello
        other.sni = "camera.local"
        #expect(narrow.clientHelloSection(other).contains("camera.local"))
    }
}
