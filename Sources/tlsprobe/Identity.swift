import ArgumentParser
import SystemCalls
import OpenSSLProbe
import TLSDiagnosis
import TLSProbeKit
import TLSWire

/// `tlsprobe identity ca|server|client`: make what the findings ask for.
struct Identity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identity",
        abstract: "Make a local CA, and server and client identities that pass the checks (Apple's rules by default).",
        discussion: """
            identity ca makes a root (and with --intermediate an issuing CA); identity server and \
            identity client make identities issued by it: the certificate (with its chain), the \
            private key (mode 0600) and a PKCS#12 file, and with --mobileconfig a configuration \
            profile that installs the root on an iPhone, iPad or Mac. Nothing is overwritten \
            without --force, and a run that fails leaves no file (with --force the files it \
            would have replaced stay as they were). Runs into one directory take turns (a lock \
            on DIR/.tlsprobe.lock, which stays). Keys and PKCS#12 files are mode 0600, \
            certificates and profiles 0644 and new directories 0755, whatever the umask. Each \
            run ends with the next steps: where each file goes and the tlsprobe connect that \
            checks the result.

            Examples:
              tlsprobe identity ca --name "Shop Root CA" --out ca
              tlsprobe identity server --ca ca --host 10.0.0.5 --host printer.local \\
                  --out printer --password-env P12_PASSWORD
              tlsprobe identity client --ca ca --name front-desk-ipad --out ipad
              tlsprobe connect 10.0.0.5:443 --anchor ca/root.pem --profile apple
            """,
        subcommands: [IdentityCA.self, IdentityServer.self, IdentityClient.self]
    )
}

/// `--key`, `--days`, `--out`, `--force`, `--mobileconfig`, `--profile`: every identity subcommand's.
struct IdentityCommonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The key type: rsa2048, rsa3072, p256 (default), p384, ed25519 (Apple clients do not accept Ed25519 for TLS).",
            valueName: "type"
        )
    )
    var key: KeyTypeArgument = .p256

    // Unconditional: `--days -1` reaches the check below rather than reading as an option.
    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "How long the certificate is valid, in days (ca: 3650; server, client: \(IdentityCommonOptions.leafDays), within even the \(ValidityRule.applePublicRootDays) days public CAs are held to; above \(ValidityRule.appleDays), Apple's limit, refused under --profile apple).",
            valueName: "n"
        )
    )
    var days: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("The directory the files are written to (created when missing).", valueName: "dir"),
        completion: .directory
    )
    var out: String

    @Flag(
        name: .long,
        help:
            "Replace files that exist already (identity ca: replace the CA, which then needs installing again on every client)."
    )
    var force = false

    @Flag(
        name: .long,
        help: "Also write root.mobileconfig: an iOS/iPadOS/macOS configuration profile that installs the root."
    )
    var mobileconfig = false

    @Option(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "Whose rules the identity must pass: apple, default, openssl (default: $TLSPROBE_PROFILE, else apple); apple refuses --days above \(ValidityRule.appleDays) and an Ed25519 key or CA.",
            valueName: "name"
        )
    )
    var profileName: ProfileArgument?

    /// `--profile`, else `TLSPROBE_PROFILE`, else apple: what is made must pass the strictest
    /// clients unless the user named others. A value of the variable that names no profile
    /// is a usage error.
    var profile: ProfileArgument {
        get throws {
            try profileName ?? ProfileArgument.fromEnvironment() ?? .apple
        }
    }

    @Flag(
        name: .long,
        help:
            "Print what was made as JSON: each file's path, kind, mode and (certificates) SHA-256 and pin, and the next steps."
    )
    var json = false

    /// A leaf's validity without --days: a day under the limit public CAs are held to,
    /// so that even a client applying that limit accepts it.
    static let leafDays = ValidityRule.applePublicRootDays - 1

    /// The usage errors of these options, for a leaf (`leaf`) or a CA: what the profile's
    /// clients would refuse, as the profile's rules judge the certificate about to be made
    /// (its key type; a leaf's validity), at error severity.
    func check(leaf: Bool) throws {
        if out.isEmpty { throw ValidationError("--out needs a directory") }
        let rules = try profile.profile
        let keyType = key.type.certificateKeyType
        if let refused = rules.lintPlannedLeaf(keyType: keyType).first(where: {
            $0.code == .certUnsupportedAlgorithm && $0.severity == .error
        }) {
            throw ValidationError(
                leaf
                    ? "--key \(key.rawValue): the clients of --profile \(rules.name) offer no signature algorithm for an \(key.type.label) certificate, so none would accept it (tlsprobe reports \(refused.code.rawValue)); use --key p256 (the default), or --profile default when no such client will see it"
                    : "--key \(key.rawValue): an \(key.type.label) CA signs what it issues with that key, and the clients of --profile \(rules.name) offer no signature algorithm for it, so none would accept its certificates (\(refused.code.rawValue)); use --key p256 (the default), or --profile default when no such client will see it"
            )
        }
        if let days {
            if days < 1 { throw ValidationError("--days \(days): at least 1") }
            if days > 36_500 { throw ValidationError("--days \(days): at most 36500 (100 years)") }
            if leaf,
                let refused = Self.validityFindings(rules, keyType: keyType, days: days).first(where: {
                    $0.severity == .error
                }), case .int(let limit)? = refused.evidence["limit_days"]
            {
                throw ValidationError(
                    "--days \(days): the clients of --profile \(rules.name) refuse TLS certificates valid for more than \(limit) days (\(refused.code.rawValue)); give --days \(limit) or less (\(Self.leafDays) by default), or --profile default when no such client will see it"
                )
            }
        }
    }

    /// The `cert.validity_too_long` findings `profile` gives a leaf made now for `days`
    /// days, with (`underPublicRoot`) the one it would give under a root the platform ships.
    static func validityFindings(
        _ profile: Profile,
        keyType: String,
        days: Int,
        underPublicRoot: Bool = false
    ) -> [Finding] {
        profile.lintPlannedLeaf(keyType: keyType, validity: (Date(), days), underPublicRoot: underPublicRoot).filter {
            $0.code == .certValidityTooLong
        }
    }

    /// The validity in days: --days, else the default for a leaf or a CA.
    func validity(leaf: Bool) -> Int { days ?? (leaf ? Self.leafDays : 3650) }

    /// Warnings said before the work, whatever the profile: what Apple's clients would
    /// refuse (`Profile.apple`'s judgement of the key type and a leaf's validity).
    func warnings(leaf: Bool) -> [String] {
        var notes: [String] = []
        let apple = Profile.apple
        let keyType = key.type.certificateKeyType
        if apple.lintPlannedLeaf(keyType: keyType).contains(where: { $0.code == .certUnsupportedAlgorithm }) {
            notes.append(key.type.appleRefusalWarning)
        }
        guard leaf else { return notes }
        let days = validity(leaf: leaf)
        let refused = Self.validityFindings(apple, keyType: keyType, days: days, underPublicRoot: true).filter {
            $0.severity == .error
        }
        // The limit for every leaf, and the one for a leaf from a public CA (its evidence names the anchor).
        let anyRoot = refused.first { $0.evidence["anchor"] == nil }
        let publicRoot = refused.first { $0.evidence["anchor"] != nil }
        if case .int(let limit)? = anyRoot?.evidence["limit_days"] {
            notes.append(
                "valid for \(days) days: Apple platforms refuse TLS certificates valid for more than \(limit) days"
            )
        } else if case .int(let publicLimit)? = publicRoot?.evidence["limit_days"],
            let limit = apple.rule(ValidityRule.self)?.limits.first(where: { $0.severity == .error })
        {
            notes.append(
                "valid for \(days) days: Apple clients accept up to \(limit.days) under a root a user or MDM installed, as this one is, but at most \(publicLimit) from a public CA"
            )
        }
        return notes
    }

    func common() throws -> IdentitySession.Common {
        IdentitySession.Common(
            keyType: key.type,
            days: 0,
            out: out,
            force: force,
            mobileConfig: mobileconfig,
            profile: try profile.profile
        )
    }
}

enum KeyTypeArgument: String, ExpressibleByArgument, CaseIterable {
    case rsa2048, rsa3072, p256, p384, ed25519
    var type: IdentityKeyType { IdentityKeyType(rawValue: rawValue) ?? .p256 }
}

enum PKCS12Argument: String, ExpressibleByArgument, CaseIterable {
    case legacy, modern, none
}

/// `--p12` and where its password comes from.
struct IdentityPKCS12Options: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The PKCS#12 file's protection: legacy (default: 3DES and a SHA-1 MAC, which every iOS, macOS, Windows and Java version imports), modern (AES-256/PBKDF2, which older ones refuse), or none (no PKCS#12 file).",
            valueName: "legacy|modern|none"
        )
    )
    var p12: PKCS12Argument = .legacy

    @OptionGroup var passwords: PasswordOptions

    /// No way to get the export password is a usage error, found before any work.
    func check() throws {
        guard p12 != .none, passwords.passwordEnv == nil, passwords.passwordFile == nil, !TerminalPassword.isAvailable
        else { return }
        throw ValidationError(
            "the PKCS#12 file needs a password: give --password-env VAR or --password-file FILE (or run on a terminal to be asked), or --p12 none"
        )
    }

    /// The choice for the session: the password from the environment, the file, or asked
    /// twice on the terminal.
    var choice: IdentitySession.PKCS12Choice? {
        let encryption: PKCS12Export.Encryption
        switch p12 {
        case .none: return nil
        case .legacy: encryption = .legacy
        case .modern: encryption = .modern
        }
        let fromOption = passwords.passwordEnv != nil || passwords.passwordFile != nil
        let provider = passwords.provider
        return IdentitySession.PKCS12Choice(encryption: encryption) { file in
            if fromOption { return try provider(file) ?? "" }
            guard let first = TerminalPassword.ask("Password for the new \(file): ") else {
                throw CouldNotExamine(
                    .passwordMissing,
                    description:
                        "\(file) needs a password and there is no terminal to ask on; give --password-env VAR or --password-file FILE",
                    target: file
                )
            }
            guard let again = TerminalPassword.ask("The same password again: "), again == first else {
                throw CouldNotExamine(
                    .passwordMissing,
                    description: "\(file): the two passwords differ; nothing was written",
                    target: file
                )
            }
            return first
        }
    }
}

/// Where the password of an encrypted CA key comes from (`--ca-password-env`,
/// `--ca-password-file`, else the terminal): apart from the new PKCS#12 file's.
struct CAPasswordOptions: ParsableArguments {
    @Option(
        name: .customLong("ca-password-env"),
        help: ArgumentHelp("Read the password of an encrypted CA key from this environment variable.", valueName: "var")
    )
    var caPasswordEnv: String?

    @Option(
        name: .customLong("ca-password-file"),
        help: ArgumentHelp(
            "Read the password of an encrypted CA key from the first line of this file.",
            valueName: "file"
        ),
        completion: .file()
    )
    var caPasswordFile: String?

    func validate() throws {
        if caPasswordEnv != nil && caPasswordFile != nil {
            throw ValidationError("give one of --ca-password-env and --ca-password-file")
        }
    }

    var provider: PasswordProvider {
        PasswordOptions.provider(env: caPasswordEnv, file: caPasswordFile, fileOption: "--ca-password-file")
    }
}

extension ParsableCommand {
    /// Runs an identity subcommand: warnings on stderr, what was made and the next steps on
    /// stdout; a failure is one `Error:` line and exit status 2.
    func making(_ warnings: [String], json: Bool, _ body: () throws -> IdentitySession.Outcome) throws {
        for warning in warnings { Console.note("Warning: \(warning)") }
        do {
            let outcome = try body()
            // The files are made: the status says so even when their list cannot be written.
            if let reason = Console.reportOrFailure(json ? outcome.json : outcome.text) {
                Console.note(
                    "Warning: cannot write to standard output (\(reason)); the files were made:\n\(outcome.text)"
                )
            }
        } catch let error as any UserFacingError {
            Console.note("Error: \(error.description)")
            if json { Console.failureReport(error.json(command: "identity", lines: false)) }
            throw Status.couldNotExamine
        } catch let error as IdentityUsageError {
            // Found once the CA was read (a host its name constraints do not permit).
            Console.note("Error: \(error.description)")
            throw ExitCode.validationFailure
        }
    }
}

struct IdentityCA: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Make a local root CA (and an issuing intermediate) to issue server and client identities.",
        discussion: """
            Writes root.pem and root-key.pem (mode 0600) to --out; with --intermediate also \
            intermediate.pem and intermediate-key.pem, which then sign every identity, so the \
            root's key can be kept off the machine. --permit-dns and --permit-ip add name \
            constraints: the CA can then issue only for those names and addresses, so a stolen \
            key cannot impersonate any other site. --permit-dns without --permit-ip permits no \
            IP address at all (excluded subtrees 0.0.0.0/0 and ::/0); --permit-ip without \
            --permit-dns leaves DNS names unconstrained, so give both to limit both. A directory that holds a CA already is \
            refused without --force: a new CA has a new key, and every client that trusts the \
            old root refuses what the new one issues.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The CA's name (its Common Name), as clients show it.", valueName: "name"))
    var name: String = "tlsprobe Local Root CA"

    @Flag(
        name: .long,
        help: "Also make an issuing CA under the root; it signs identities, and the root's key can be kept apart."
    )
    var intermediate = false

    @Option(
        name: .customLong("permit-dns"),
        help: ArgumentHelp(
            "Name constraint: the CA may issue only for this DNS domain and the names under it (local, shop.example; no leading dot); repeatable. Without --permit-ip it may issue for no IP address.",
            valueName: "domain"
        )
    )
    var permitDNS: [String] = []

    @Option(
        name: .customLong("permit-ip"),
        help: ArgumentHelp(
            "Name constraint: the CA may issue only for addresses in this range (10.0.0.0/8, fd00::/8); repeatable.",
            valueName: "cidr"
        )
    )
    var permitIP: [String] = []

    @OptionGroup var options: IdentityCommonOptions

    func validate() throws {
        if name.trimmingSpaces().isEmpty { throw ValidationError("--name needs a name for the CA (\"Shop Root CA\")") }
        if name.count > 64 { throw ValidationError("--name: at most 64 characters (a Common Name's limit)") }
        for domain in permitDNS {
            if domain.hasPrefix("."), case .success(.dns) = IdentityHost.parse(String(domain.dropFirst())) {
                throw ValidationError(
                    "--permit-dns \(domain): write it without the leading dot (--permit-dns \(domain.dropFirst())); a DNS name constraint covers the domain and every name under it"
                )
            }
            guard case .success(.dns(let name)) = IdentityHost.parse(domain), !name.hasPrefix("*") else {
                throw ValidationError("--permit-dns \(domain): a DNS domain (local, shop.example), without a wildcard")
            }
        }
        for range in permitIP where IdentityIPRange.parse(range) == nil {
            throw ValidationError(
                "--permit-ip \(range): an address range as ADDRESS/PREFIX (10.0.0.0/8, 192.168.1.0/24, fd00::/8)"
            )
        }
        try options.check(leaf: false)
    }

    func run() throws {
        let domains = permitDNS.compactMap { domain -> String? in
            if case .success(.dns(let name)) = IdentityHost.parse(domain) { return name }
            return nil
        }
        var common = try options.common()
        common.days = options.validity(leaf: false)
        try making(options.warnings(leaf: false), json: options.json) {
            try IdentitySession.makeCA(
                name: name.trimmingSpaces(),
                intermediate: intermediate,
                permitDNS: domains,
                permitIP: permitIP.compactMap(IdentityIPRange.parse),
                common: common
            )
        }
    }
}

struct IdentityServer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Make a server identity issued by a CA from identity ca.",
        discussion: """
            Writes server.pem (the certificate, then the issuing CA's when there is one), \
            server-key.pem (mode 0600) and server.p12 to --out. Every --host goes in the Subject \
            Alternative Name as what it is: an address (IPv4 or IPv6) as an iPAddress, a name as \
            a dNSName; an IPv4-mapped IPv6 address (::ffff:10.0.0.9) goes in as the IPv4 address \
            (10.0.0.9), the one a client dialling it checks. The Common Name is the first DNS \
            name, or with addresses only "tlsprobe server ADDRESS", which OpenSSL does not take \
            for a host name (it checks a host-name-like Common Name against DNS name \
            constraints). The certificate has serverAuth, digitalSignature (and keyEncipherment \
            for RSA), and a validity Apple's clients accept.
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The CA directory identity ca wrote (root.pem, its key, any intermediate).",
            valueName: "dir"
        ),
        completion: .directory
    )
    var ca: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A name or address clients dial (10.0.0.5, printer.local, ::1), without a port; repeatable.",
            valueName: "name|ip"
        )
    )
    var host: [String] = []

    @OptionGroup var options: IdentityCommonOptions
    @OptionGroup var pkcs12: IdentityPKCS12Options
    @OptionGroup var caPassword: CAPasswordOptions

    func validate() throws {
        if host.isEmpty {
            throw ValidationError(
                "give at least one --host: each name or address clients dial (--host 10.0.0.5 --host printer.local)"
            )
        }
        for name in host {
            if case .failure(let error) = IdentityHost.parse(name) { throw ValidationError(error.description) }
        }
        try options.check(leaf: true)
        try pkcs12.check()
    }

    func run() throws {
        var hosts: [IdentityHost] = []
        for name in host {
            if let note = IdentityHost.mappedNote(name) { Console.note("Note: \(note)") }
            if case .success(let parsed) = IdentityHost.parse(name), !hosts.contains(parsed) { hosts.append(parsed) }
        }
        var common = try options.common()
        common.days = options.validity(leaf: true)
        try making(options.warnings(leaf: true), json: options.json) {
            try IdentitySession.makeServer(
                ca: ca,
                caPassword: caPassword.provider,
                hosts: hosts,
                common: common,
                pkcs12: pkcs12.choice
            )
        }
    }
}

struct IdentityClient: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client",
        abstract: "Make a client identity (mutual TLS) issued by a CA from identity ca.",
        discussion: """
            Writes client.pem (the certificate, then the issuing CA's when there is one), \
            client-key.pem (mode 0600) and client.p12, what the device imports, to --out. The \
            certificate has clientAuth, digitalSignature (and keyEncipherment for RSA), and \
            --name as its Common Name. OpenSSL takes a name with dots (ipad.shop.local) for a \
            host name and checks it against the CA's DNS name constraints, so such a name \
            outside them is refused.
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp("The CA directory identity ca wrote.", valueName: "dir"),
        completion: .directory
    )
    var ca: String

    @Option(
        name: .long,
        help: ArgumentHelp("The device's or user's name (its Common Name): front-desk-ipad.", valueName: "name")
    )
    var name: String

    @OptionGroup var options: IdentityCommonOptions
    @OptionGroup var pkcs12: IdentityPKCS12Options
    @OptionGroup var caPassword: CAPasswordOptions

    func validate() throws {
        if name.trimmingSpaces().isEmpty {
            throw ValidationError("--name needs the device's or user's name (front-desk-ipad)")
        }
        if name.count > 64 { throw ValidationError("--name: at most 64 characters (a Common Name's limit)") }
        try options.check(leaf: true)
        try pkcs12.check()
    }

    func run() throws {
        var common = try options.common()
        common.days = options.validity(leaf: true)
        try making(options.warnings(leaf: true), json: options.json) {
            try IdentitySession.makeClient(
                ca: ca,
                caPassword: caPassword.provider,
                name: name.trimmingSpaces(),
                common: common,
                pkcs12: pkcs12.choice
            )
        }
    }
}
