import ArgumentParser
import TLSProbeKit

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Judge a certificate chain offline against the anchors you name.",
        discussion: """
            The first certificate of the first FILE is the leaf; every other certificate, in \
            order, is what the peer presented. tlsprobe builds every path to the anchors, checks \
            each step (signature, dates, CA flags, path length, key usage, extended key usage for \
            --purpose, name constraints) and the name (--host), and says why trust fails. \
            OpenSSL's X509_verify_cert runs on the same input and its verdict is shown beside. \
            A FILE of - reads standard input (PEM, DER or PKCS#12, up to 16 MiB): \
            tlsprobe verify - --anchor root.pem < chain.pem
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Certificate files: leaf first, then what the peer sent (PEM, DER or PKCS#12); - reads standard input.",
            valueName: "file"
        ),
        completion: .file()
    )
    var files: [String]

    @OptionGroup var trust: TrustOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What the leaf is for: the extended key usage it needs (serverAuth or clientAuth).",
            valueName: "server|client"
        )
    )
    var purpose: PurposeArgument = .server
    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var page: HTMLOption
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        // An anchor file of - reads standard input too (CredentialFile): once in all.
        try checkStandardInputOnce(files + trust.anchors.anchorFiles)
        try page.check()
    }

    func run() throws {
        try examining("verify", output) {
            let sink = output.single()
            let html = try page.sink(beside: sink, threshold: failOn.threshold, pageFirst: true)
            var c = VerifySession.Configuration(
                files: files,
                anchors: trust.anchors.sources,
                context: trust.context(purpose: purpose.purpose),
                host: trust.host,
                password: passwords.provider
            )
            c.threshold = failOn.threshold
            try VerifySession(c).run(into: reportSink(sink, page: html))
            try html?.finish()
            return Status.of(sink)
        }
    }
}
