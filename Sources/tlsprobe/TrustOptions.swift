import ArgumentParser
import SystemCalls
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeKit
import TLSWire
import SafeFiles

/// The roots the client trusts: `--anchor`, `--anchors`, `--system-anchors`.
struct AnchorOptions: ParsableArguments {
    @Option(
        name: .customLong("anchor"),
        help: ArgumentHelp("A root the client trusts (PEM bundle, DER or PKCS#12); repeatable.", valueName: "file"),
        completion: .file()
    )
    var anchorFiles: [String] = []

    @Option(
        name: .customLong("anchors"),
        help: ArgumentHelp(
            "Every certificate file in a directory (*.pem, *.crt, *.cer, *.der) as anchors.",
            valueName: "dir"
        ),
        completion: .directory
    )
    var anchorDirectory: String?

    @Flag(name: .long, help: "Also trust this machine's system roots (SSL_CERT_FILE, else OpenSSL's default bundle).")
    var systemAnchors = false

    /// The sources these options name.
    var sources: AnchorSources { AnchorSources(files: anchorFiles, directory: anchorDirectory, system: systemAnchors) }

    /// Every anchor named by --anchor, --anchors and --system-anchors, each once.
    func load(password: @escaping PasswordProvider) throws -> [TrustAnchor] {
        try sources.load(password: password)
    }
}

/// `--at`: judge dates at another instant, read once by the parser.
struct TimeOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Judge dates at another instant: 2026-11-21, 2026-11-21T10:00:00Z, @SECONDS.",
            valueName: "time"
        ),
        transform: TimeOption.parse
    )
    var at: Date?

    static func parse(_ text: String) throws -> Date {
        guard let date = ReportTime.parse(text) else {
            throw ValidationError("not a time; use 2026-11-21, 2026-11-21T10:00:00Z or @SECONDS")
        }
        return date
    }

    /// The evaluation instant: `--at`, else now (read once, here, never inside a check).
    var instant: Date { at ?? Date() }
}

/// `--profile`: whose rules judge; `TLSPROBE_PROFILE` sets the default. Read once: the
/// option by the parser, the variable by validate(), which keeps what it named.
struct ProfileOption: ParsableArguments {
    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "Whose rules: default (RFC 5280/9525), apple (iOS 13+/macOS, ATS), openssl (OpenSSL 3 clients); default: $TLSPROBE_PROFILE, else default.",
            valueName: "name"
        )
    )
    var choice: ProfileChoice?

    mutating func validate() throws {
        if choice == nil {
            choice = try ProfileArgument.fromEnvironment().map { ProfileChoice($0, from: .environment) }
        }
    }

    /// The profile: `--profile`, else `TLSPROBE_PROFILE`, else `default`, with where it came from.
    var profile: Profile {
        choice.map { $0.name.profile.chosen(from: $0.source) } ?? Profile.default.chosen(from: .default)
    }
}

/// A profile's name and where it was given: `--profile` as the parser reads it, or the
/// environment variable's.
struct ProfileChoice: ExpressibleByArgument {
    let name: ProfileArgument
    let source: Profile.Source

    init(_ name: ProfileArgument, from source: Profile.Source) {
        self.name = name
        self.source = source
    }

    init?(argument: String) {
        guard let name = ProfileArgument(argument: argument) else { return nil }
        self.init(name, from: .option)
    }

    var defaultValueDescription: String { name.defaultValueDescription }
    static var allValueStrings: [String] { ProfileArgument.allValueStrings }
    static var allValueDescriptions: [String: String] { ProfileArgument.allValueDescriptions }
    static var defaultCompletionKind: CompletionKind { ProfileArgument.defaultCompletionKind }
}

extension ProfileArgument {
    /// The profile `TLSPROBE_PROFILE` names: nil when it is unset or empty; a usage error
    /// naming the variable when it names no profile.
    static func fromEnvironment() throws -> ProfileArgument? {
        guard let value = SystemCall.environment(Profile.environmentVariable), !value.isEmpty else { return nil }
        guard let named = ProfileArgument(rawValue: value) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError(
                "the environment variable \(Profile.environmentVariable) names no profile; set it to one of \(names), or unset it"
            )
        }
        return named
    }
}

/// What the client trusts, the name it expects, when and under which rules.
struct TrustOptions: ParsableArguments {
    @OptionGroup var anchors: AnchorOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The name the client expects: a DNS name, or an IP address that must be in an iPAddress SAN.",
            valueName: "name|ip"
        )
    )
    var host: String?

    @OptionGroup var time: TimeOption
    @OptionGroup var profile: ProfileOption

    func validate() throws {
        if let host, host.isEmpty { throw ValidationError("--host needs a name or an IP address") }
    }

    /// The context for a leaf with this purpose (only `verify` judges client certificates).
    func context(purpose: Purpose = .server) -> TrustContext {
        TrustContext(
            at: time.instant,
            expectedName: host.map(ExpectedName.init(parsing:)),
            purpose: purpose,
            profile: profile.profile,
            clientClock: time.at != nil
        )
    }

    /// Every anchor named by --anchor, --anchors and --system-anchors, deduplicated.
    func loadAnchors(password: @escaping PasswordProvider) throws -> [TrustAnchor] {
        try anchors.load(password: password)
    }
}

enum PurposeArgument: String, ExpressibleByArgument, CaseIterable {
    case server, client
    var purpose: Purpose { self == .server ? .server : .client }
}

enum ProfileArgument: String, ExpressibleByArgument, CaseIterable {
    case `default`, apple, openssl
    var profile: Profile { Profile.named(rawValue) ?? .default }
}

/// Where a PKCS#12 or encrypted key password comes from: never the command line.
struct PasswordOptions: ParsableArguments {
    /// The most of a password file read (its first line is the password).
    static let maximumFileBytes = 64 * 1024

    @Option(
        name: .long,
        help: ArgumentHelp("Read the PKCS#12 or key password from this environment variable.", valueName: "var")
    )
    var passwordEnv: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Read the password from the first line of this file.", valueName: "file"),
        completion: .file()
    )
    var passwordFile: String?

    @Option(name: [.customLong("password"), .customLong("pass")], help: .hidden)
    var refusedPassword: String?

    func validate() throws {
        if refusedPassword != nil {
            throw ValidationError(
                "a password on the command line is visible to every user of this machine (ps, shell history); use --password-env VAR or --password-file FILE, or let tlsprobe ask on the terminal"
            )
        }
        if passwordEnv != nil && passwordFile != nil {
            throw ValidationError("give one of --password-env and --password-file")
        }
    }

    /// The password source: the environment variable, the file, else a prompt when stdin
    /// is a terminal, else none. Asked only after the empty password failed.
    var provider: PasswordProvider { Self.provider(env: passwordEnv, file: passwordFile) }

    /// The provider for a password from `env`, else `file` (named by `fileOption` in
    /// messages), else the terminal.
    static func provider(env: String?, file: String?, fileOption: String = "--password-file") -> PasswordProvider {
        return { @Sendable path in
            if let env {
                guard let value = ProcessInfo.processInfo.environment[env] else {
                    throw CouldNotExamine(
                        .passwordMissing,
                        description: "\(path) needs a password, but the environment variable \(env) is not set",
                        target: path
                    )
                }
                return value
            }
            if let file {
                // Only the first line is the password: the shared bounded reader reads at
                // most 64 KiB of it, so a device or a huge file (--password-file /dev/zero)
                // cannot exhaust memory.
                let data: [UInt8]
                do {
                    data = try BoundedFile.read(file, limit: PasswordOptions.maximumFileBytes, truncating: true)
                } catch {
                    throw CouldNotExamine(
                        .passwordMissing,
                        description: "\(fileOption) \(file): \(error)",
                        target: path
                    )
                }
                // Split at the first LF byte: as Characters, a CR LF is one and never splits.
                let line =
                    data.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first
                    ?? []
                return String(decoding: line, as: UTF8.self).trimming(where: { $0 == "\r" })
            }
            return TerminalPassword.ask("Password for \(path): ")
        }
    }
}

/// Our own identity, for mutual TLS (connect) or to serve (listen): `--identity`, or
/// `--cert` with `--key`.
struct IdentityOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Our identity (connect: the client's, listen: the server's): a PKCS#12 file (or PEM with certificate and key).",
            valueName: "file"
        ),
        completion: .file()
    )
    var identity: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Our certificate (leaf first, chain after), with --key.", valueName: "file"),
        completion: .file()
    )
    var cert: String?

    @Option(name: .long, help: ArgumentHelp("The private key of --cert.", valueName: "file"), completion: .file())
    var key: String?

    var isGiven: Bool { identity != nil || cert != nil }

    /// The usage errors of these options; the commands call it where their own checks
    /// used to make it (an option group's validate() would run before the command's, and
    /// change which usage error a user sees first).
    func check() throws {
        if identity != nil && (cert != nil || key != nil) {
            throw ValidationError("give --identity or --cert with --key, not both")
        }
        if (cert == nil) != (key == nil) { throw ValidationError("--cert and --key go together") }
    }

    /// The identity from --identity or --cert/--key, when given.
    func load(password: @escaping PasswordProvider) throws -> TLSIdentity? {
        if let identity { return try TLSIdentity.load(identity: identity, password: password) }
        if let cert, let key { return try TLSIdentity.load(certificate: cert, key: key, password: password) }
        return nil
    }
}

/// `--min-version` and `--max-version`: the protocol versions to offer (connect) or accept (listen).
struct VersionRangeOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The oldest version to offer or accept: 1.0, 1.1, 1.2 (default; or --max-version when older) or 1.3.",
            valueName: "version"
        )
    )
    var minVersion: VersionArgument?

    @Option(
        name: .long,
        help: ArgumentHelp("The newest version to offer or accept (default 1.3).", valueName: "version")
    )
    var maxVersion: VersionArgument?

    /// The usage error of these options, called by the command in its own order (see
    /// IdentityOptions.check()).
    func check() throws {
        if let minVersion, let maxVersion, minVersion.version > maxVersion.version {
            throw ValidationError(
                "--min-version \(minVersion.rawValue) is newer than --max-version \(maxVersion.rawValue)"
            )
        }
    }

    /// The oldest version: --min-version, else TLS 1.2 (or --max-version when that is older).
    var oldest: ProtocolVersion { minVersion?.version ?? min(.tls12, newest) }

    /// The newest version: --max-version, else TLS 1.3.
    var newest: ProtocolVersion { maxVersion?.version ?? .tls13 }
}

/// `--keylog FILE` for the commands that shake hands: where to append the session secrets.
struct KeyLogOutputOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Append the session secrets to FILE (NSS key log format, mode 0600) for Wireshark or tlsprobe capture.",
            valueName: "file"
        ),
        completion: .file()
    )
    var keylog: String?

    /// The key log file, opened for appending, when given.
    func open() throws -> KeyLogFile? {
        try keylog.map { try KeyLogFile(path: $0) }
    }
}

/// `--alpn h2,http/1.1` as a list; nil when a name is empty or longer than 255 bytes.
func alpnList(_ text: String) -> [String]? {
    let names = text.split(separator: ",", omittingEmptySubsequences: false)
    if names.contains(where: { $0.isEmpty || $0.utf8.count > 255 }) { return nil }
    return names.map(String.init)
}

/// `--min-version` / `--max-version`: `1.2`, `TLSv1.2`, `tls1.2`, `tls1_2`.
struct VersionArgument: ExpressibleByArgument {
    let version: ProtocolVersion
    let rawValue: String

    init?(argument: String) {
        var text = argument.lowercased()
        for prefix in ["tlsv", "tls"] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count))
            break
        }
        text = text.replacingEvery("_", with: ".")
        let versions: [String: ProtocolVersion] = [
            "1.0": .tls10, "1": .tls10, "1.1": .tls11, "1.2": .tls12, "1.3": .tls13,
        ]
        guard let version = versions[text] else { return nil }
        self.version = version
        self.rawValue = argument
    }

    static var allValueStrings: [String] { ["1.0", "1.1", "1.2", "1.3"] }
}

/// Standard input (`-`) can be read once: a second `-` would read nothing.
func checkStandardInputOnce(_ files: [String]) throws {
    if files.filter({ $0 == "-" }).count > 1 {
        throw ValidationError("- (standard input) can be given once; put the other certificates in files")
    }
}
