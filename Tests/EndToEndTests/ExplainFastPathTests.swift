import Testing
import TestSupport

/// `explain WORDS` with only --json, --no-color and --verbose is answered without the
/// argument parser (Explain.plain, for start-up time). The same words after `--` go through
/// the parser: both must print the same thing on both streams and exit alike.
@Suite struct ExplainFastPathTests {
    static let invocations: [(flags: [String], words: [String])] = [
        ([], ["unknown_ca"]),
        ([], ["-9813"]),
        (["--json"], ["-9813"]),
        ([], ["-0"]),
        ([], ["help"]),
        ([], ["SSL", "certificate", "problem:", "unable", "to", "get", "local", "issuer", "certificate"]),
        (["--no-color"], ["alert", "48"]),
        (["--verbose"], ["X509_V_ERR_CERT_HAS_EXPIRED"]),
        (["--json", "--no-color", "--verbose"], ["errSSLXCertChainInvalid"]),
        ([], ["nothing", "known", "here"]),
        (["--json"], ["nothing", "known", "here"]),
        ([], [""]),
    ]

    @Test(arguments: invocations.indices)
    func theParserAgrees(_ index: Int) throws {
        let (flags, words) = Self.invocations[index]
        // The flags after the words as well as before: the parser takes them anywhere.
        let fast = try Run.tlsprobe(["explain"] + flags + words)
        let after = try Run.tlsprobe(["explain"] + words + flags)
        let parsed = try Run.tlsprobe(["explain"] + flags + ["--"] + words)
        // The same command line with one flag given twice: the parser reads it (a repeated
        // flag is left to it) and it means the same.
        let repeated = try Run.tlsprobe(["explain"] + flags + ["--no-color", "--no-color"] + words)
        let once = try Run.tlsprobe(["explain"] + flags + ["--no-color"] + words)
        #expect(!fast.stdout.isEmpty, "\(flags) \(words)")
        if !flags.contains("--no-color") {
            #expect(once.status == repeated.status && once.stdout == repeated.stdout && once.stderr == repeated.stderr,
                    "\(flags) \(words)")
        }
        for other in [after, parsed] {
            #expect(fast.status == other.status, "\(flags) \(words)")
            #expect(fast.stdout == other.stdout, "\(flags) \(words)")
            #expect(fast.stderr == other.stderr, "\(flags) \(words)")
        }
    }

    /// What the fast path leaves to the parser still behaves as a parsed command does: a
    /// flag given twice, no words, help.
    @Test func theRestIsParsed() throws {
        let twice = try Run.tlsprobe(["explain", "--json", "--json", "unknown_ca"])
        let once = try Run.tlsprobe(["explain", "--json", "unknown_ca"])
        #expect(twice.status == once.status && twice.stdout == once.stdout, "\(twice.stderr)")
        let none = try Run.tlsprobe(["explain"])
        #expect(none.status == 64, "\(none.stderr)")
        let help = try Run.tlsprobe(["explain", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: tlsprobe explain"), "\(help.stdout)")
    }
}
