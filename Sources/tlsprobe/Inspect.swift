import ArgumentParser
import Foundation
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeOutput

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what certificate, key and PKCS#12 files hold, and lint them.",
        discussion: """
            Reads PEM (any number of blocks, text around them), DER and PKCS#12 files by their \
            contents. Shows every certificate in full, PKCS#12 protection (readable without the \
            password), whether a key belongs to its certificate, and findings under --profile.
            """
    )

    @Argument(help: ArgumentHelp("Files to inspect.", valueName: "file"))
    var files: [String]

    @Option(name: .long, help: ArgumentHelp("A private key to check against the first certificate.", valueName: "file"))
    var key: String?

    @Option(name: .long, help: ArgumentHelp("Judge dates at another instant (as for verify).", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("Whose rules: default, apple, openssl.", valueName: "name"))
    var profile: ProfileArgument = .default

    @OptionGroup var passwords: PasswordOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var failOn: FailOnOption

    func validate() throws {
        if let at, ReportTime.parse(at) == nil {
            throw ValidationError("--at \(at): not a time; use 2026-11-21, 2026-11-21T10:00:00Z or @SECONDS")
        }
    }

    func run() throws {
        try examining {
            let context = TrustContext(at: at.flatMap(ReportTime.parse) ?? Date(), purpose: .server, profile: profile.profile)
            var inputs: [OfflineDiagnosis.InspectInput] = []
            var keyChecks: [OfflineDiagnosis.KeyCheck] = []
            var extraFindings: [Finding] = []
            var unopened: [String] = []
            var firstCertificate: (label: String, certificate: X509Certificate)?
            for file in files {
                let loaded: LoadedFile
                do {
                    loaded = try CredentialFile.load(path: file, expecting: .anything, password: passwords.provider)
                } catch let error as LoadError where error.pkcs12 != nil && (error.kind == .wrongPassword || error.kind == .passwordNeeded) {
                    // Still a report: a PKCS#12 file's protection is readable without the password.
                    inputs.append(.init(path: file, format: "PKCS#12", certificates: [], keys: [], pkcs12: error.pkcs12, other: []))
                    if error.kind == .wrongPassword {
                        extraFindings.append(Finding(code: .pkcs12WrongPassword, subject: .file(file), message: error.description))
                    } else {
                        unopened.append(error.description)
                    }
                    continue
                } catch let error as LoadError {
                    throw CouldNotExamine(description: error.description)
                }
                inputs.append(.init(
                    path: file, format: loaded.format, certificates: loaded.certificates,
                    keys: loaded.keys.map(\.details), pkcs12: loaded.pkcs12, other: loaded.other))
                if let cert = loaded.certificates.first {
                    if firstCertificate == nil { firstCertificate = ("\(file): certificate[0]", cert) }
                    // A key beside its certificate in one PEM file (PKCS#12 reports its own pairing).
                    if loaded.pkcs12 == nil {
                        for k in loaded.keys {
                            keyChecks.append(.init(
                                key: "\(file): key at \(k.details.location)", certificate: "\(file): certificate[0]",
                                keyPin: k.details.pin, certificatePin: cert.pin, matches: k.matches(cert)))
                        }
                    }
                }
            }
            if let key {
                let loadedKey: LoadedFile
                do {
                    loadedKey = try CredentialFile.load(path: key, expecting: .privateKey, password: passwords.provider)
                } catch let error as LoadError {
                    throw CouldNotExamine(description: error.description)
                }
                guard let target = firstCertificate else {
                    throw CouldNotExamine(description: "--key \(key): none of the files holds a certificate to check it against")
                }
                for k in loadedKey.keys {
                    keyChecks.append(.init(
                        key: key, certificate: target.label, keyPin: k.details.pin,
                        certificatePin: target.certificate.pin, matches: k.matches(target.certificate)))
                }
                inputs.append(.init(path: key, format: loadedKey.format, certificates: [], keys: loadedKey.keys.map(\.details), pkcs12: nil, other: loadedKey.other))
            }
            var report = OfflineDiagnosis.inspect(inputs, keyChecks: keyChecks, context: context)
            report.findings = (report.findings + extraFindings).inReportOrder()
            Console.report(output.json ? ReportJSON.json(report).serialized(pretty: true) : output.renderer.render(report))
            for message in unopened { Console.note("Error: \(message)") }
            if !extraFindings.isEmpty || !unopened.isEmpty { return Status.couldNotExamine }
            return failOn.threshold.fails(report.findings) ? Status.findings : Status.ok
        }
    }
}
