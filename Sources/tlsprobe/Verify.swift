import ArgumentParser
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeOutput

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge a certificate chain offline against the anchors you name.",
        discussion: """
            The first certificate of the first FILE is the leaf; every other certificate, in \
            order, is what the peer presented. tlsprobe builds every path to the anchors, checks \
            each step (signature, dates, CA flags, path length, key usage, extended key usage for \
            --purpose, name constraints) and the name (--host), and says why trust fails. \
            OpenSSL's X509_verify_cert runs on the same input and its verdict is shown beside.
            """
    )

    @Argument(help: ArgumentHelp("Certificate files: leaf first, then what the peer sent (PEM, DER or PKCS#12).", valueName: "file"))
    var files: [String]

    @OptionGroup var trust: TrustOptions

    @Option(name: .long, help: ArgumentHelp("What the leaf is for: the extended key usage it needs (serverAuth or clientAuth).", valueName: "server|client"))
    var purpose: PurposeArgument = .server
    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var failOn: FailOnOption

    func run() throws {
        try examining {
            var certificates: [X509Certificate] = []
            for file in files {
                do {
                    certificates += try CredentialFile.load(path: file, expecting: .certificates, password: passwords.provider).certificates
                } catch let error as LoadError {
                    throw CouldNotExamine(description: error.description)
                }
            }
            guard let leaf = certificates.first else {
                throw CouldNotExamine(description: "\(files.joined(separator: ", ")): no certificate found")
            }
            let presented = Array(certificates.dropFirst())
            let anchors = try trust.loadAnchors(password: passwords.provider)
            let context = trust.context(purpose: purpose.purpose)
            let openssl = anchors.isEmpty ? nil : OpenSSLVerification.verify(
                leaf: leaf, presented: presented, anchors: anchors.map(\.certificate), context: context)
            let report = OfflineDiagnosis.verify(
                files: files, leaf: leaf, presented: presented, anchors: anchors,
                context: context, host: trust.host, openssl: openssl)
            Console.report(output.json ? ReportJSON.json(report).serialized(pretty: true) : output.renderer.render(report))
            return failOn.threshold.fails(report.findings) ? Status.findings : Status.ok
        }
    }
}
