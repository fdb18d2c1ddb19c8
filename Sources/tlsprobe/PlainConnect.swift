import ArgumentParser

extension Connect {
    /// The command the argument parser would make of `arguments` (tlsprobe's own, without the
    /// program's name), read without it when they are the plain form nearly every `connect`
    /// takes: one target and long options, each value in the argument after its option.
    /// Nil for anything else, which the parser reads as before: `--name=value`, a value or
    /// target that starts with `-` (`--timeout -1`, `-` for standard input), `--`, help,
    /// a single-value option or a flag given twice (the parser's rule for that is its own;
    /// `--anchor` and `--pin` repeat as they do for it), a value the option's type refuses,
    /// a second target, and a command line that fails validation (the parser prints that
    /// error with the usage). The parser's first run was a third of a connect's
    /// instructions (30 M of 85 M), most of it the Swift runtime's first look-ups of its
    /// option types' conformances.
    ///
    /// Every property is set here, so a command built here never meets the parser's
    /// "directly initialized" trap; ConnectFastPathTests compares each form with the
    /// parser's reading of the same line, property by property.
    static func plain(_ arguments: ArraySlice<String>) -> Connect? {
        guard arguments.first == "connect" else { return nil }
        var target: String?
        var anchors = AnchorOptions.given(files: [], directory: nil, system: false)
        var host: String?, at: String?, sni: String?, alpn: String?, knownHosts: String?, saveChain: String?
        var profile: ProfileArgument?
        var noSni = false, versions = false, ciphers = false, dtls = false
        var minVersion: VersionArgument?, maxVersion: VersionArgument?
        var timeout: Double?
        var keylog: String?
        var pin: [String] = []
        var starttls: StartTLSArgument?
        var identity: String?, cert: String?, key: String?
        var passwordEnv: String?, passwordFile: String?
        var json = false, noColor = false, verbose = false, brief = false
        var failOn: FailThresholdArgument?

        var rest = arguments.dropFirst()
        /// The value after an option; nil when there is none or it looks like an option.
        func value() -> String? {
            guard let next = rest.popFirst(), next.utf8.first != UInt8(ascii: "-") else { return nil }
            return next
        }
        /// Sets an option that takes one value, once.
        func once(_ slot: inout String?) -> Bool {
            guard slot == nil, let next = value() else { return false }
            slot = next
            return true
        }
        /// Sets an option whose value the option's type reads (as the parser has it read), once.
        func onceRead<T: ExpressibleByArgument>(_ slot: inout T?) -> Bool {
            guard slot == nil, let next = value(), let parsed = T(argument: next) else { return false }
            slot = parsed
            return true
        }
        func flag(_ slot: inout Bool) -> Bool {
            guard !slot else { return false }
            slot = true
            return true
        }
        while let argument = rest.popFirst() {
            let read: Bool
            switch argument {
            case "--anchor":
                guard let next = value() else { return nil }
                anchors.anchorFiles.append(next)
                read = true
            case "--anchors": read = once(&anchors.anchorDirectory)
            case "--system-anchors": read = flag(&anchors.systemAnchors)
            case "--host": read = once(&host)
            case "--at": read = once(&at)
            case "--profile": read = onceRead(&profile)
            case "--sni": read = once(&sni)
            case "--no-sni": read = flag(&noSni)
            case "--alpn": read = once(&alpn)
            case "--min-version": read = onceRead(&minVersion)
            case "--max-version": read = onceRead(&maxVersion)
            case "--timeout": read = onceRead(&timeout)
            case "--keylog": read = once(&keylog)
            case "--versions": read = flag(&versions)
            case "--ciphers": read = flag(&ciphers)
            case "--dtls": read = flag(&dtls)
            case "--pin":
                guard let next = value() else { return nil }
                pin.append(next)
                read = true
            case "--known-hosts": read = once(&knownHosts)
            case "--starttls": read = onceRead(&starttls)
            case "--save-chain": read = once(&saveChain)
            case "--identity": read = once(&identity)
            case "--cert": read = once(&cert)
            case "--key": read = once(&key)
            case "--password-env": read = once(&passwordEnv)
            case "--password-file": read = once(&passwordFile)
            case "--json": read = flag(&json)
            case "--no-color": read = flag(&noColor)
            case "--verbose": read = flag(&verbose)
            case "--brief": read = flag(&brief)
            case "--fail-on": read = onceRead(&failOn)
            default:
                // The target: once, and not an option. The parser takes `connect help` as a
                // target named "help"; left to it all the same, as the word help is.
                guard target == nil, argument.utf8.first != UInt8(ascii: "-"), argument != "help" else { return nil }
                target = argument
                read = true
            }
            guard read else { return nil }
        }
        guard let target else { return nil }

        var command = Connect()
        command.target = target
        command.anchors = anchors
        command.host = host
        command.at = at
        command.profile = profile ?? .default
        command.sni = sni
        command.noSni = noSni
        command.alpn = alpn
        command.versionRange = VersionRangeOptions.given(min: minVersion, max: maxVersion)
        command.timeout = timeout ?? 10
        command.keyLog = KeyLogOutputOption.given(keylog: keylog)
        command.versions = versions
        command.ciphers = ciphers
        command.dtls = dtls
        command.pin = pin
        command.knownHosts = knownHosts
        command.starttls = starttls
        command.saveChain = saveChain
        command.identity = IdentityOptions.given(identity: identity, cert: cert, key: key)
        command.passwords = PasswordOptions.given(env: passwordEnv, file: passwordFile)
        command.output = OutputOptions.given(json: json, noColor: noColor, verbose: verbose)
        command.brief = BriefOption.given(brief: brief)
        command.failOn = FailOnOption.given(failOn: failOn ?? .error)

        // What the parser checks once it has read the line, in its order: each group, then
        // the command. A line that fails is left to the parser, which says why.
        do {
            try command.anchors.validate()
            try command.versionRange.validate()
            try command.keyLog.validate()
            try command.identity.validate()
            try command.passwords.validate()
            try command.output.validate()
            try command.brief.validate()
            try command.failOn.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }
}
