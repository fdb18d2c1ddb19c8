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
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The error text or code; several words are read as one text.", valueName: "text")
    )
    var text: [String]

    @OptionGroup var output: OutputOptions

    func run() throws {
        // `explain -- 24`: the separator some users type before a negative code is not text.
        let query = text.filter { $0 != "--" }.joined(separator: " ")
        let matches = ErrorCatalog.explain(query)
        output.single().emit(.explain(ExplainReport(query: query, matches: matches)), threshold: .never)
        if matches.isEmpty { throw Status.findings }
    }
}
