import Foundation
import Testing
@testable import TLSProbeOutput

/// Text output wraps text byte by byte where it can (`wrapASCII`, for speed) and any other
/// text a character at a time (`wrapCharacters`): where both can, both must give the same
/// lines, and the padding of labels must be NSString's.
@Suite struct TextWrapTests {
    /// A deterministic generator, so a failure names a text that can be made again.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func asciiWrapsAsCharactersDo() {
        var random = Generator(state: 18)
        // Words short and long (wider than a line), runs of spaces, empty paragraphs.
        let ascii = ["a", "word", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,", " ", "  ", "\n", "\n\n",
                     String(repeating: "x", count: 130), "0x1301"]
        // Beyond ASCII: characters of one scalar and of several, and a combining mark after
        // a space (which joins the space: such a text is the character path's).
        let other = ascii + ["a—b", "cafés", "ae\u{301}x", "·", "😀", "👍🏽", "中文", "—", "\u{301}", "\u{600}", "\u{903}", "\u{200D}"]
        var compared = 0, comparedBeyondASCII = 0
        for _ in 0..<3000 {
            // One text in five may hold a character beyond ASCII (the other path's).
            let pieces = Int.random(in: 0..<5, using: &random) == 0 ? other : ascii
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
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
            #expect(fast == slow, "width \(style.width) indent \(indent) first \(String(describing: firstIndent)): \(text.debugDescription)")
        }
        #expect(compared > 2000 && comparedBeyondASCII > 100, "\(compared) texts compared, \(comparedBeyondASCII) beyond ASCII")
        // A space joined to a combining mark after it (or a spacing mark or a joiner), or to a
        // prepended mark before it, is left to the character path; one beside another
        // character is not.
        for joined in ["a \u{301}b", "a \u{903}b", "a \u{200D}b", "a\u{600} b"] {
            #expect(TextStyle.plain.wrapASCII(joined, indent: 2, firstIndent: nil) == nil, "\(joined.debugDescription)")
        }
        #expect(TextStyle.plain.wrapASCII("TLSv1.3 · TLS_AES_128_GCM_SHA256 — x", indent: 2, firstIndent: nil) != nil)
        // A carriage return (CR LF is one character) is left to the character path.
        #expect(TextStyle.plain.wrapASCII("a\r\nb", indent: 2, firstIndent: nil) == nil)
        #expect(TextStyle.plain.wrap("a\r\nb", indent: 2) == TextStyle.plain.wrapCharacters("a\r\nb", indent: 2, firstIndent: nil))
    }

    @Test func paddingIsNSStrings() {
        for (text, length) in [("Version", 12), ("", 3), ("exactly12chr", 12), ("longer than twelve", 12),
                               ("é", 4), ("😀", 4), ("a😀b", 3), ("SNI", 0)] {
            #expect(TextStyle.padded(text, to: length) == text.padding(toLength: length, withPad: " ", startingAt: 0),
                    "\(text) to \(length)")
        }
    }
}
