import ArgumentParser
import TLSDiagnosis
import TLSProbeKit

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say what an error string or code means and what to check.",
        discussion: """
            Knows OpenSSL verify errors (by name and by 3.0 number), TLS alerts, Apple OSStatus \
            and NSURLError codes, BoringSSL/Python/Go/Java/Chrome messages and tlsprobe's finding \
            codes. Paste a whole log line: the codes in it are found. Exit status 1 when nothing \
            is recognised.

            Examples:
              tlsprobe explain -9813
              tlsprobe explain \\
                  "SSL certificate problem: unable to get local issuer certificate"
              tlsprobe explain unknown_ca
            """
    )

    // allUnrecognized: "-9813" and "-1202" are codes, not options.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The error text or code; several words are read as one text.", valueName: "text"))
    var text: [String]

    @OptionGroup var output: OutputOptions

    func run() throws {
        // `explain -- 24`: the separator some users type before a negative code is not text.
        // (Read again by `plain`, which must take the same words.)
        let query = text.filter { $0 != "--" }.joined(separator: " ")
        let matches = ErrorCatalog.explain(query)
        output.single().emit(.explain(ExplainReport(query: query, matches: matches)), threshold: .never)
        if matches.isEmpty { throw Status.findings }
    }
}

extension Explain {
    /// `explain` given only words and the output flags, as it nearly always is: the command
    /// the argument parser would make of `arguments` (tlsprobe's own, without the program's
    /// name), built without it; nil for anything else (an option, `--`, a flag given twice,
    /// no words), which the parser reads as before.
    ///
    /// Explaining is a lookup, and the parser's first run (reflecting over every command's
    /// options) took about a third of its time. A word is what the parser keeps as text:
    /// one that does not start with `-`, or a negative code such as `-9813`
    /// (ExplainFastPathTests run each form both ways and compare).
    static func plain(_ arguments: ArraySlice<String>) -> Explain? {
        guard arguments.first == "explain" else { return nil }
        var words: [String] = []
        var json = false, noColor = false, verbose = false
        for argument in arguments.dropFirst() {
            switch argument {
            case "--json":
                if json { return nil }
                json = true
            case "--no-color":
                if noColor { return nil }
                noColor = true
            case "--verbose":
                if verbose { return nil }
                verbose = true
            default:
                if argument.utf8.first == UInt8(ascii: "-") {
                    let digits = argument.utf8.dropFirst()
                    guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
                }
                words.append(argument)
            }
        }
        guard !words.isEmpty else { return nil }
        var output = OutputOptions()
        output.json = json
        output.noColor = noColor
        output.verbose = verbose
        var command = Explain()
        command.text = words
        command.output = output
        return command
    }
}
