import Testing
@testable import TLSProbeKit

/// Which `explain` command lines are read without the argument parser, and as what; every
/// other one is left to the parser (ExplainFastPathTests compare the two on the binary).
@Suite struct PlainExplainArgumentsTests {
    @Test func wordsAndOutputFlagsAreRead() {
        let read: [([String], PlainExplainArguments)] = [
            (["explain", "unknown_ca"], .init(words: ["unknown_ca"])),
            (["explain", "-9813"], .init(words: ["-9813"])),
            (["explain", "-0", "x"], .init(words: ["-0", "x"])),
            (["explain", "--json", "-9813"], .init(words: ["-9813"], json: true)),
            (["explain", "alert", "--no-color", "48"], .init(words: ["alert", "48"], noColor: true)),
            (["explain", "x", "--verbose", "--json", "--no-color"], .init(words: ["x"], json: true, noColor: true, verbose: true)),
            (["explain", "help"], .init(words: ["help"])),
            (["explain", ""], .init(words: [""])),
            (["explain", "SSL error: -9813 (x)"], .init(words: ["SSL error: -9813 (x)"])),
        ]
        for (arguments, expected) in read {
            #expect(PlainExplainArguments(arguments[...]) == expected, "\(arguments)")
        }
    }

    @Test func everythingElseIsLeftToTheParser() {
        let left: [[String]] = [
            ["explain"], ["explain", "--json"], ["connect", "x"], [],
            ["explain", "--json", "--json", "x"], ["explain", "--no-color", "x", "--no-color"],
            ["explain", "--", "-9813"], ["explain", "-", "x"], ["explain", "-h"], ["explain", "--help"],
            ["explain", "x", "--brief"], ["explain", "--json=true", "x"], ["explain", "-9813a"], ["explain", "-1.5"],
            ["explain", "x", "--version"], ["explain", "--generate-completion-script", "bash"],
        ]
        for arguments in left {
            #expect(PlainExplainArguments(arguments[...]) == nil, "\(arguments)")
        }
    }
}
