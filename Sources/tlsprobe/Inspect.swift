import ArgumentParser
import SystemCalls
import TLSDiagnosis
import TLSProbeKit

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what certificate, key and PKCS#12 files hold, and lint them.",
        discussion: """
            Reads PEM (any number of blocks, text around them), DER and PKCS#12 files by their \
            contents. Shows every certificate in full, PKCS#12 protection (readable without the \
            password), whether a key belongs to its certificate, and findings under --profile.
            """
    )

    @Argument(help: ArgumentHelp("Files to inspect; - reads standard input.", valueName: "file"), completion: .file())
    var files: [String]

    @Option(
        name: .long,
        help: ArgumentHelp("A private key to check against the first certificate.", valueName: "file"),
        completion: .file()
    )
    var key: String?

    @OptionGroup var time: TimeOption
    @OptionGroup var profile: ProfileOption

    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var page: HTMLOption
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        try checkStandardInputOnce(files + (key.map { [$0] } ?? []))
        try page.check()
    }

    func run() throws {
        try examining("inspect", output) {
            let sink = output.single()
            let html = try page.sink(beside: sink, threshold: failOn.threshold, pageFirst: true)
            let context = TrustContext(
                at: time.instant,
                purpose: .server,
                profile: profile.profile,
                clientClock: time.at != nil
            )
            var c = InspectSession.Configuration(files: files, key: key, context: context, password: passwords.provider)
            c.threshold = failOn.threshold
            let result = try InspectSession(c).run(into: reportSink(sink, page: html))
            try html?.finish()
            for message in result.unopened { Console.note("Error: \(message)") }
            return result.incomplete ? Status.couldNotExamine : Status.of(sink)
        }
    }
}
