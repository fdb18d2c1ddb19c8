import SystemCalls
import OpenSSLProbe
import SafeFiles
import SwiftASN1
import TLSDiagnosis
import TLSModel
import TLSProbeOutput
import TLSWire
import X509

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `identity` made nothing (exit status 2); no file was left behind.
public struct IdentityError: UserFacingError {
    public let code: ErrorCode
    public let description: String
    public let target: String?
}

/// `tlsprobe identity ca|server|client`: a local CA, and server and client identities
/// issued by it that pass tlsprobe's checks under every profile (Apple's rules first),
/// written all at once or not at all, then the next steps.
public enum IdentitySession {
    /// The file names in a CA directory and in an output directory.
    public enum FileName {
        public static let root = "root.pem"
        public static let rootKey = "root-key.pem"
        public static let intermediate = "intermediate.pem"
        public static let intermediateKey = "intermediate-key.pem"
        public static let mobileConfig = "root.mobileconfig"
    }

    /// The largest certificate or key file read from a CA directory.
    static let maximumFileBytes = 1 << 20

    /// What every subcommand shares.
    public struct Common: Sendable {
        public var keyType: IdentityKeyType
        public var days: Int
        public var out: String
        public var force: Bool
        public var mobileConfig: Bool
        /// Whose rules what is made must pass: nothing its clients refuse (under apple, an
        /// Ed25519 signature).
        public var profile: Profile
        public var now: Date

        public init(
            keyType: IdentityKeyType,
            days: Int,
            out: String,
            force: Bool,
            mobileConfig: Bool,
            profile: Profile = .default,
            now: Date = Date()
        ) {
            self.profile = profile
            self.keyType = keyType
            self.days = days
            self.out = out
            self.force = force
            self.mobileConfig = mobileConfig
            self.now = now
        }
    }

    /// How the PKCS#12 file is made: its encryption and where its password comes from
    /// (asked only once the CA has been read, so a bad CA directory costs no typing).
    public struct PKCS12Choice {
        public var encryption: PKCS12Export.Encryption
        public var password: (String) throws -> String

        public init(encryption: PKCS12Export.Encryption, password: @escaping (String) throws -> String) {
            self.encryption = encryption
            self.password = password
        }
    }

    /// What was made: the text to print (files, then the next steps).
    public struct Outcome: Sendable {
        public let text: String
        public let paths: [String]
        /// The files written, with what each is (for --json).
        public var files: [MadeFile] = []
        /// `ca`, `server` or `client`.
        public var subcommand: String = ""

        init(text: String, paths: [String]) {
            self.text = text
            self.paths = paths
        }

        init(_ subcommand: String, text: String, files: [NewFiles.File]) {
            self.text = text
            self.paths = files.map(\.path)
            self.subcommand = subcommand
            self.files = files.map(MadeFile.init)
        }

        /// The numbered next steps of the text, each one string: wrapped prose joined into
        /// one line, each command after it on a line of its own (indentation kept).
        public var nextSteps: [String] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(of: "Next steps:") else { return [] }
            var steps: [String] = []
            for line in lines[(start + 1)...] {
                let trimmed = line.drop { $0 == " " }
                if let dot = trimmed.firstIndex(of: "."), dot > trimmed.startIndex,
                    trimmed[..<dot].allSatisfy(\.isNumber), line.hasPrefix("  ")
                {
                    steps.append(String(trimmed[trimmed.index(after: dot)...].drop { $0 == " " }))
                } else if !line.isEmpty, !steps.isEmpty {
                    // Prose the text wrapped (indented as the step) joins its sentence; a
                    // command (indented further) keeps its own line.
                    let rest = line.dropFirst(5)
                    steps[steps.count - 1] += rest.hasPrefix(" ") ? "\n" + rest : " " + rest
                }
            }
            return steps
        }

        /// The --json object: the files made and the next steps.
        public var json: String {
            let object: JSONObject = [
                "schema_version": .int(1),
                "command": .string("identity"),
                "subcommand": .string(subcommand),
                "files": .array(files.map(\.json)),
                "next_steps": .strings(nextSteps),
            ]
            return JSONValue.object(object).serialized(pretty: true)
        }
    }

    /// One file identity wrote: its path, what it holds, and for a certificate file the
    /// SHA-256 and key pin of its first certificate.
    public struct MadeFile: Sendable {
        public let path: String
        /// `certificate`, `private_key`, `pkcs12` or `mobileconfig`.
        public let kind: String
        public let mode: Int
        public let sha256: String?
        public let pin: String?

        init(_ file: NewFiles.File) {
            path = file.path
            mode = Int(file.mode)
            let name = PathText.lastComponent(file.path)
            if name.hasSuffix("-key.pem") {
                kind = "private_key"
            } else if name.hasSuffix(".p12") {
                kind = "pkcs12"
            } else if name.hasSuffix(".mobileconfig") {
                kind = "mobileconfig"
            } else {
                kind = "certificate"
            }
            let first =
                kind == "certificate"
                ? (try? PEMDocument.parseMultiple(pemString: String(decoding: file.bytes, as: UTF8.self)))?.first
                    .flatMap { try? X509Certificate(derEncoded: $0.derBytes) } : nil
            sha256 = first?.sha256
            pin = first?.pin
        }

        var json: JSONValue {
            .object([
                "path": .string(path),
                "kind": .string(kind),
                "mode": .string("0" + String(mode, radix: 8)),
                "sha256": .optional(sha256),
                "pin": .optional(pin),
            ])
        }
    }

    // MARK: ca

    public static func makeCA(
        name: String,
        intermediate: Bool,
        permitDNS: [String],
        permitIP: [IdentityIPRange],
        common: Common
    ) throws -> Outcome {
        let dir = common.out
        let rootPath = path(dir, FileName.root)
        var status = stat()
        if !common.force, lstat(rootPath, &status) == 0 {
            let existing = (try? readCertificate(rootPath)).map { "the CA \"\(commonName($0))\"" } ?? "a CA"
            throw IdentityError(
                code: .fileNotWritable,
                description:
                    "\(rootPath) already holds \(existing). A new CA made in its place has a new key: every client that trusts the old root would refuse what the new one issues (the \"CA was re-created\" failure, chain.anchor_key_mismatch). Issue from the existing CA with `tlsprobe identity server --ca \(dir) ...`, or give --force to replace it and then install the new root on every client",
                target: rootPath
            )
        }
        // Names limited, addresses not given: no address at all, or a stolen key could still
        // speak for any address.
        let excludeIP = !permitDNS.isEmpty && permitIP.isEmpty ? [IdentityIPRange.everyIPv4, .everyIPv6] : []
        let rootKey = try generate(common.keyType)
        let root = try build {
            try IdentityMaker.root(
                name: name,
                key: rootKey,
                days: common.days,
                now: common.now,
                permitDNS: permitDNS,
                permitIP: permitIP,
                excludeIP: excludeIP,
                pathLength: intermediate ? 1 : nil
            )
        }
        var files = [
            NewFiles.File(path: rootPath, bytes: Array(root.pem.utf8), mode: 0o644),
            NewFiles.File(path: path(dir, FileName.rootKey), bytes: Array(rootKey.pem.utf8), mode: 0o600),
        ]
        var issuing: MadeCertificate?
        if intermediate {
            let key = try generate(common.keyType)
            let made = try build {
                try IdentityMaker.intermediate(
                    name: issuingName(name),
                    key: key,
                    issuer: root,
                    days: common.days,
                    now: common.now,
                    permitDNS: permitDNS,
                    permitIP: permitIP,
                    excludeIP: excludeIP
                )
            }
            issuing = made
            files.append(
                NewFiles.File(path: path(dir, FileName.intermediate), bytes: Array(made.pem.utf8), mode: 0o644)
            )
            files.append(
                NewFiles.File(path: path(dir, FileName.intermediateKey), bytes: Array(key.pem.utf8), mode: 0o600)
            )
        }
        if common.mobileConfig {
            files.append(
                NewFiles.File(path: path(dir, FileName.mobileConfig), bytes: try profile(root, name: name), mode: 0o644)
            )
        }
        // A replaced CA leaves none of the old one's files behind to be picked up.
        var stale: [String] = []
        if !intermediate { stale += [path(dir, FileName.intermediate), path(dir, FileName.intermediateKey)] }
        if !common.mobileConfig { stale.append(path(dir, FileName.mobileConfig)) }
        try write(files, in: dir, force: common.force, stale: stale)

        var text =
            "Made the CA \"\(name)\" (\(common.keyType.label), valid until \(ReportTime.date(root.certificate.notValidAfter)))"
        if !permitDNS.isEmpty || !permitIP.isEmpty {
            text += ", limited to " + (permitDNS + permitIP.map(\.text)).joined(separator: ", ")
            if !excludeIP.isEmpty { text += " and no IP address" }
        }
        text += " in \(dir):\n"
        var rows = [
            (rootPath, "the root certificate: install it on every client as a trusted root"),
            (
                path(dir, FileName.rootKey),
                intermediate
                    ? "the root's private key (mode 0600): needed only to make a new issuing CA; move it off this machine (a USB stick in a drawer)"
                    : "the root's private key (mode 0600): it signs every identity; keep it private, never copy it to a server or client"
            ),
        ]
        if let issuing {
            rows.append(
                (
                    path(dir, FileName.intermediate),
                    "the issuing CA \"\(commonName(issuing.certificate))\" (servers send it after their certificate)"
                )
            )
            rows.append(
                (
                    path(dir, FileName.intermediateKey),
                    "its private key (mode 0600): it signs the server and client identities"
                )
            )
        }
        if common.mobileConfig {
            rows.append(
                (
                    path(dir, FileName.mobileConfig),
                    "a configuration profile that installs the root on an iPhone, iPad or Mac"
                )
            )
        }
        text += table(rows)
        text += "\nNext steps:\n"
        text += "  1. A server identity, with every name and address clients dial:\n"
        text += "       tlsprobe identity server --ca \(shell(dir)) --host 10.0.0.5 --host printer.local --out server\n"
        text += "     A client identity for a device (mutual TLS):\n"
        text += "       tlsprobe identity client --ca \(shell(dir)) --name front-desk-ipad --out front-desk-ipad\n"
        text +=
            "  2. "
            + installStep(
                rootDir: dir,
                profile: common.mobileConfig ? path(dir, FileName.mobileConfig) : nil,
                name: name
            ) + "\n"
        return Outcome("ca", text: text, files: files)
    }

    // MARK: server and client

    public static func makeServer(
        ca: String,
        caPassword: @escaping PasswordProvider,
        hosts: [IdentityHost],
        common: Common,
        pkcs12: PKCS12Choice?
    ) throws -> Outcome {
        let authority = try loadCA(ca, password: caPassword)
        try checkSignatures(authority, ca: ca, common: common)
        try checkNameConstraints(hosts, authority: authority, ca: ca)
        let password = try pkcs12.map { try exportPassword($0, for: path(common.out, "server.p12")) }
        let key = try generate(common.keyType)
        let leaf = try build {
            try IdentityMaker.server(
                hosts: hosts,
                key: key,
                issuer: authority.issuer,
                days: common.days,
                now: common.now
            )
        }
        let files = try identityFiles(
            stem: "server",
            leaf: leaf,
            authority: authority,
            common: common,
            pkcs12: pkcs12.map { ($0.encryption, password ?? "") }
        )
        // --force without a PKCS#12 file: the old identity's must not stay beside the new key.
        try write(
            files,
            in: common.out,
            force: common.force,
            stale: pkcs12 == nil ? [path(common.out, "server.p12")] : []
        )

        let out = common.out
        var text =
            "Made the server identity for \(hosts.map(\.text).joined(separator: ", ")) (\(common.keyType.label), valid \(days(leaf)) days, until \(ReportTime.date(leaf.certificate.notValidAfter))), issued by \"\(commonName(authority.issuer.certificate))\", in \(out):\n"
        var rows = [
            (
                path(out, "server.pem"),
                authority.intermediate == nil
                    ? "the server's certificate"
                    : "the server's certificate, then the issuing CA's (the chain the server sends)"
            ),
            (path(out, "server-key.pem"), "its private key (mode 0600): for the server only"),
        ]
        if let pkcs12 {
            rows.append(
                (path(out, "server.p12"), "both in one PKCS#12 file (mode 0600), \(describe(pkcs12.encryption))")
            )
        }
        if common.mobileConfig {
            rows.append(
                (
                    path(out, FileName.mobileConfig),
                    "a configuration profile that installs the root on an iPhone, iPad or Mac"
                )
            )
        }
        text += table(rows)
        let first = hosts[0]
        text += "\nNext steps:\n"
        text +=
            "  1. On the server: configure \(path(out, "server.pem")) as its certificate and \(path(out, "server-key.pem")) as its key"
        text += pkcs12 == nil ? ".\n" : "\n     (or import \(path(out, "server.p12")) where a server takes one file).\n"
        text +=
            "  2. "
            + installStep(
                rootDir: ca,
                profile: profilePath(out: out, ca: ca, made: common.mobileConfig),
                name: commonName(authority.root)
            ) + "\n"
        text += "  3. Check it as an iPhone or Mac would (PORT: the server's):\n"
        text +=
            "       tlsprobe connect \(first.dialText):PORT --anchor \(shell(path(ca, FileName.root))) --profile apple\n"
        text += "     or before installing it, serve it and connect from this machine:\n"
        text +=
            "       tlsprobe listen 127.0.0.1:4433 --cert \(shell(path(out, "server.pem"))) --key \(shell(path(out, "server-key.pem")))\n"
        text +=
            "       tlsprobe connect 127.0.0.1:4433 --host \(first.text) --anchor \(shell(path(ca, FileName.root))) --profile apple\n"
        return Outcome("server", text: text, files: files)
    }

    public static func makeClient(
        ca: String,
        caPassword: @escaping PasswordProvider,
        name: String,
        common: Common,
        pkcs12: PKCS12Choice?
    ) throws -> Outcome {
        let authority = try loadCA(ca, password: caPassword)
        try checkSignatures(authority, ca: ca, common: common)
        if IdentityHost.looksLikeHostName(name) {
            // OpenSSL checks such a Common Name (the client leaf has no dNSName) against the
            // CA's DNS name constraints.
            try checkNameConstraints([.dns(name.lowercased())], authority: authority, ca: ca, clientName: name)
        }
        let password = try pkcs12.map { try exportPassword($0, for: path(common.out, "client.p12")) }
        let key = try generate(common.keyType)
        let leaf = try build {
            try IdentityMaker.client(name: name, key: key, issuer: authority.issuer, days: common.days, now: common.now)
        }
        let files = try identityFiles(
            stem: "client",
            leaf: leaf,
            authority: authority,
            common: common,
            pkcs12: pkcs12.map { ($0.encryption, password ?? "") }
        )
        try write(
            files,
            in: common.out,
            force: common.force,
            stale: pkcs12 == nil ? [path(common.out, "client.p12")] : []
        )

        let out = common.out
        var text =
            "Made the client identity \"\(name)\" (\(common.keyType.label), valid \(days(leaf)) days, until \(ReportTime.date(leaf.certificate.notValidAfter))), issued by \"\(commonName(authority.issuer.certificate))\", in \(out):\n"
        var rows = [
            (
                path(out, "client.pem"),
                authority.intermediate == nil
                    ? "the client's certificate" : "the client's certificate, then the issuing CA's"
            ),
            (path(out, "client-key.pem"), "its private key (mode 0600)"),
        ]
        if let pkcs12 {
            rows.append(
                (
                    path(out, "client.p12"),
                    "both in one PKCS#12 file (mode 0600), \(describe(pkcs12.encryption)): what the device imports"
                )
            )
        }
        if common.mobileConfig {
            rows.append(
                (
                    path(out, FileName.mobileConfig),
                    "a configuration profile that installs the root on an iPhone, iPad or Mac"
                )
            )
        }
        text += table(rows)
        text += "\nNext steps:\n"
        if pkcs12 != nil {
            text +=
                "  1. On the device \"\(name)\": import \(path(out, "client.p12")) (iPhone, iPad: AirDrop or mail it, then Settings > Profile Downloaded;\n"
            text +=
                "     Mac: double-click it to add it to Keychain Access); the app or browser then offers it when a server asks.\n"
        } else {
            text +=
                "  1. On the device \"\(name)\": configure \(path(out, "client.pem")) and \(path(out, "client-key.pem")) as its client certificate and key.\n"
        }
        text +=
            "  2. On the server: trust \(shell(path(ca, FileName.root))) for client certificates (tlsprobe listen: --client-anchor \(shell(path(ca, FileName.root)))).\n"
        text += "  3. Check it against the server (HOST:PORT: the server's; SERVER-ROOT.pem: the root that issued the\n"
        text +=
            "     server's certificate, which this client trusts: \(shell(path(ca, FileName.root))) only when this CA\n"
        text +=
            "     issued the server's too; `tlsprobe connect HOST:PORT --save-chain FILE` saves what the server sends):\n"
        text +=
            "       tlsprobe connect HOST:PORT --cert \(shell(path(out, "client.pem"))) --key \(shell(path(out, "client-key.pem"))) --anchor SERVER-ROOT.pem --profile apple\n"
        text +=
            "       tlsprobe verify \(shell(path(out, "client.pem"))) --purpose client --anchor \(shell(path(ca, FileName.root))) --profile apple\n"
        return Outcome("client", text: text, files: files)
    }

    // MARK: the CA directory

    /// A CA read from its directory: the root, and the certificate that issues (the
    /// intermediate when there is one) with its key.
    struct Authority {
        let root: Certificate
        let intermediate: Certificate?
        let issuer: MadeCertificate
    }

    static func loadCA(_ dir: String, password: @escaping PasswordProvider) throws -> Authority {
        let rootPath = path(dir, FileName.root)
        var status = stat()
        guard stat(dir, &status) == 0 else {
            throw IdentityError(
                code: .fileUnreadable,
                description:
                    "--ca \(dir): no such directory; make a CA first: tlsprobe identity ca --out \(shell(dir))",
                target: dir
            )
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw IdentityError(
                code: .fileUnreadable,
                description:
                    "--ca \(dir): not a directory; give the directory tlsprobe identity ca wrote (it holds \(FileName.root))",
                target: dir
            )
        }
        guard stat(rootPath, &status) == 0 else {
            throw IdentityError(
                code: .fileUnreadable,
                description:
                    "--ca \(dir): holds no \(FileName.root), so it is not a CA directory tlsprobe made; make one with tlsprobe identity ca --out DIR",
                target: rootPath
            )
        }
        let root = try readCertificate(rootPath)
        let intermediatePath = path(dir, FileName.intermediate)
        let intermediate = stat(intermediatePath, &status) == 0 ? try readCertificate(intermediatePath) : nil
        let issuerCertificate = intermediate ?? root
        let keyPath = path(dir, intermediate == nil ? FileName.rootKey : FileName.intermediateKey)
        guard stat(keyPath, &status) == 0 else {
            throw IdentityError(
                code: .fileUnreadable,
                description:
                    "--ca \(dir): holds \((intermediate == nil ? rootPath : intermediatePath)) but not its private key \(keyPath); only the CA's key can sign a new identity (a copy of the CA directory without its key cannot issue: run identity where the key is)",
                target: keyPath
            )
        }
        let key = try readKey(keyPath, password: password)
        guard key.publicKey == issuerCertificate.publicKey else {
            throw IdentityError(
                code: .fileInvalid,
                description:
                    "--ca \(dir): \(keyPath) is not the key of \"\(commonName(issuerCertificate))\" (another CA's key, or the CA was re-created); put the matching key there",
                target: keyPath
            )
        }
        guard let constraints = try? issuerCertificate.extensions.basicConstraints,
            case .isCertificateAuthority = constraints
        else {
            throw IdentityError(
                code: .fileInvalid,
                description:
                    "--ca \(dir): \"\(commonName(issuerCertificate))\" is not a CA certificate (basicConstraints CA:TRUE)",
                target: rootPath
            )
        }
        if let intermediate, intermediate.issuer != root.subject {
            throw IdentityError(
                code: .fileInvalid,
                description: "--ca \(dir): \(intermediatePath) was not issued by \(rootPath)",
                target: intermediatePath
            )
        }
        return Authority(
            root: root,
            intermediate: intermediate,
            issuer: MadeCertificate(certificate: issuerCertificate, key: key)
        )
    }

    /// Refuses a CA that signs with Ed25519 when the profile's clients cannot use an Ed25519
    /// key (Apple's offer no signature algorithm for it), so they refuse every certificate
    /// it issues.
    static func checkSignatures(_ authority: Authority, ca: String, common: Common) throws {
        let refused = common.profile.lintPlannedLeaf(keyType: IdentityKeyType.ed25519.certificateKeyType)
        guard refused.contains(where: { $0.code == .certUnsupportedAlgorithm }) else { return }
        var ed25519 = [authority.root, authority.intermediate].compactMap { $0 }.contains {
            $0.signatureAlgorithm == .ed25519
        }
        if case .ed25519 = authority.issuer.key { ed25519 = true }
        if ed25519 {
            throw IdentityUsageError(
                "--ca \(ca): the CA \"\(commonName(authority.issuer.certificate))\" signs with Ed25519, and the clients of --profile \(common.profile.name) offer no signature algorithm for it, so none would accept what it issues (cert.unsupported_algorithm); make a CA with --key p256 (the default), or give --profile default when no such client will see it"
            )
        }
    }

    /// Refuses a host the CA's name constraints do not permit: the certificate would be
    /// refused by every client (chain.name_constraints_violated). With `clientName`, the host
    /// is a client's --name that OpenSSL takes for a host name.
    static func checkNameConstraints(
        _ hosts: [IdentityHost],
        authority: Authority,
        ca: String,
        clientName: String? = nil
    ) throws {
        for certificate in [authority.root, authority.intermediate].compactMap({ $0 }) {
            guard let constraints = try? certificate.extensions.nameConstraints else { continue }
            let permittedDNS = constraints.permittedSubtrees.compactMap { name -> String? in
                if case .dnsName(let d) = name { d.lowercased() } else { nil }
            }
            let permittedIP = constraints.permittedSubtrees.compactMap { name -> [UInt8]? in
                if case .ipAddress(let o) = name { Array(o.bytes) } else { nil }
            }
            let excludedDNS = constraints.excludedSubtrees.compactMap { name -> String? in
                if case .dnsName(let d) = name { d.lowercased() } else { nil }
            }
            let excludedIP = constraints.excludedSubtrees.compactMap { name -> [UInt8]? in
                if case .ipAddress(let o) = name { Array(o.bytes) } else { nil }
            }
            func within(_ host: String, _ domain: String) -> Bool {
                let trimmed = domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
                return (!domain.hasPrefix(".") && host == trimmed) || host.hasSuffix("." + trimmed) || trimmed.isEmpty
            }
            func inRange(_ address: [UInt8], _ range: [UInt8]) -> Bool {
                guard range.count == address.count * 2 else { return false }
                return (0..<address.count).allSatisfy {
                    address[$0] & range[address.count + $0] == range[$0] & range[address.count + $0]
                }
            }
            func describe(_ range: [UInt8]) -> String {
                let half = range.count / 2
                let bits = range.suffix(half).reduce(0) { $0 + $1.nonzeroBitCount }
                return "\(IPAddressText.format(Array(range.prefix(half))))/\(bits)"
            }
            for host in hosts {
                var refused = false
                var allowed = ""
                switch host {
                case .dns(let name):
                    if excludedDNS.contains(where: { within(name, $0) }) { refused = true }
                    if !permittedDNS.isEmpty && !permittedDNS.contains(where: { within(name, $0) }) { refused = true }
                    allowed =
                        permittedDNS.isEmpty
                        ? "names outside " + excludedDNS.joined(separator: ", ") : permittedDNS.joined(separator: ", ")
                case .ip(let address):
                    if excludedIP.contains(where: { inRange(address, $0) }) { refused = true }
                    let sameFamily = permittedIP.filter { $0.count == address.count * 2 }
                    if !permittedIP.isEmpty && !sameFamily.contains(where: { inRange(address, $0) }) { refused = true }
                    let everything = excludedIP.filter { range in range.suffix(range.count / 2).allSatisfy { $0 == 0 } }
                    if permittedIP.isEmpty && everything.count == excludedIP.count && !excludedIP.isEmpty {
                        allowed =
                            (permittedDNS.isEmpty ? "" : permittedDNS.joined(separator: ", ") + ", ") + "no IP address"
                    } else {
                        allowed =
                            permittedIP.isEmpty
                            ? "addresses outside " + excludedIP.map(describe).joined(separator: ", ")
                            : permittedIP.map(describe).joined(separator: ", ")
                    }
                }
                if refused, let clientName {
                    throw IdentityUsageError(
                        "--name \(clientName): OpenSSL takes a Common Name with dots for a host name and checks it against the CA's name constraints, and the CA \"\(commonName(certificate))\" in \(ca) permits only \(allowed); every OpenSSL-based server would refuse this client. Give a name without dots (front-desk-ipad), or one within what the CA permits"
                    )
                }
                if refused {
                    throw IdentityUsageError(
                        "--host \(host.text): the CA \"\(commonName(certificate))\" in \(ca) may issue only for \(allowed) (its name constraints); every client would refuse such a certificate (chain.name_constraints_violated). Give hosts it permits, or make a CA without --permit-dns/--permit-ip"
                    )
                }
            }
        }
    }

    static func readCertificate(_ file: String) throws -> Certificate {
        let text = try readText(file)
        do {
            return try Certificate(pemEncoded: text)
        } catch {
            throw IdentityError(
                code: .fileInvalid,
                description: "\(file): not a PEM certificate (\(error))",
                target: file
            )
        }
    }

    static func readKey(_ file: String, password: @escaping PasswordProvider) throws -> IdentityKey {
        let text = try readText(file)
        if text.containsText("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.containsText("Proc-Type: 4,ENCRYPTED") {
            // An encrypted CA key (openssl pkey -aes256): OpenSSL decrypts it with the
            // password from --ca-password-env, --ca-password-file or the terminal.
            let der: [UInt8]
            switch decryptedKey(file, password: password) {
            case .success(let bytes): der = bytes
            case .failure(let error) where error.kind == .passwordNeeded:
                throw IdentityError(
                    code: .passwordMissing,
                    description:
                        "\(file): the CA key is encrypted and needs its password: give --ca-password-env VAR or --ca-password-file FILE, or run on a terminal to be asked (nothing was written)",
                    target: file
                )
            case .failure(let error): throw error
            }
            do {
                return try IdentityKey(pkcs8DER: der)
            } catch {
                throw IdentityError(
                    code: .fileInvalid,
                    description: "\(file): not a private key identity can sign with (P-256, P-384, RSA or Ed25519)",
                    target: file
                )
            }
        }
        do {
            return try IdentityKey(pem: text)
        } catch {
            throw IdentityError(
                code: .fileInvalid,
                description: "\(file): not a private key identity can sign with (PEM: P-256, P-384, RSA or Ed25519)",
                target: file
            )
        }
    }

    private static func decryptedKey(_ file: String, password: @escaping PasswordProvider) -> Result<[UInt8], LoadError>
    {
        do {
            return .success(try SigningKeyFile.pkcs8(path: file, password: password))
        } catch {
            return .failure(error)
        }
    }

    static func readText(_ file: String) throws -> String {
        do {
            return String(decoding: try BoundedFile.read(file, limit: maximumFileBytes), as: UTF8.self)
        } catch {
            throw IdentityError(code: .fileUnreadable, description: "\(file): \(error.reason)", target: file)
        }
    }

    // MARK: making and writing

    private static func identityFiles(
        stem: String,
        leaf: MadeCertificate,
        authority: Authority,
        common: Common,
        pkcs12: (PKCS12Export.Encryption, String)?
    ) throws -> [NewFiles.File] {
        let out = common.out
        var chain = [leaf.der]
        var chainPEM = leaf.pem
        if let intermediate = authority.intermediate, let pem = try? intermediate.serializeAsPEM() {
            chain.append(pem.derBytes)
            chainPEM += pem.pemString + "\n"
        }
        var files = [
            NewFiles.File(path: path(out, "\(stem).pem"), bytes: Array(chainPEM.utf8), mode: 0o644),
            NewFiles.File(path: path(out, "\(stem)-key.pem"), bytes: Array(leaf.key.pem.utf8), mode: 0o600),
        ]
        if let (encryption, password) = pkcs12 {
            let bytes: [UInt8]
            do {
                bytes = try PKCS12Export.make(
                    certificates: chain,
                    privateKeyDER: leaf.key.pkcs8DER,
                    password: password,
                    friendlyName: commonName(leaf.certificate),
                    encryption: encryption
                )
            } catch {
                throw IdentityError(code: .other, description: error.description, target: nil)
            }
            files.append(NewFiles.File(path: path(out, "\(stem).p12"), bytes: bytes, mode: 0o600))
        }
        if common.mobileConfig {
            files.append(
                NewFiles.File(
                    path: path(out, FileName.mobileConfig),
                    bytes: try profile(authority.root, name: commonName(authority.root)),
                    mode: 0o644
                )
            )
        }
        return files
    }

    /// The export password: never empty (iOS and Windows refuse to import such a file).
    private static func exportPassword(_ choice: PKCS12Choice, for file: String) throws -> String {
        let password = try choice.password(file)
        if password.isEmpty {
            throw IdentityError(
                code: .passwordMissing,
                description:
                    "\(file): the password is empty; iOS and Windows do not import a PKCS#12 file without one. Give a password, or --p12 none",
                target: file
            )
        }
        return password
    }

    /// Writes `files` into `dir` all or none, under the directory's lock (DIR/.tlsprobe.lock)
    /// so that two runs into one directory cannot mix their files; with `force`, then removes
    /// `stale` (files of an earlier run this one does not replace). A configuration profile
    /// that holds these very bytes already is left as it is. A failed run removes the
    /// directories it created.
    static func write(_ files: [NewFiles.File], in dir: String, force: Bool, stale: [String] = []) throws {
        let files = files.filter { !unchanged($0) }
        if !force, let first = NewFiles.existing(files.map(\.path)).first {
            throw IdentityError(
                code: .fileNotWritable,
                description:
                    "\(first): exists already; identity overwrites nothing without --force (nothing was written)",
                target: first
            )
        }
        var created: [String] = []
        do {
            created = try NewFiles.makeDirectory(dir)
            let lock = try NewFiles.lock(in: dir)
            defer { NewFiles.unlock(lock) }
            try NewFiles.write(files, overwrite: force)
            if force { for file in stale { NewFiles.remove(file) } }
        } catch {
            if !created.isEmpty {
                NewFiles.remove(path(dir, NewFiles.lockName))
                NewFiles.removeDirectories(created)
            }
            throw IdentityError(
                code: .fileNotWritable,
                description: error.description
                    + (error.exists ? " (nothing was written; --force replaces)" : " (nothing was written)"),
                target: error.path
            )
        }
    }

    /// Whether `file` is a configuration profile whose path holds these bytes already (a
    /// regular file, not a link): the same root's profile, made again.
    private static func unchanged(_ file: NewFiles.File) -> Bool {
        guard PathText.lastComponent(file.path) == FileName.mobileConfig else { return false }
        var status = stat()
        guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            Int(status.st_size) == file.bytes.count
        else { return false }
        return (try? BoundedFile.read(file.path, limit: maximumFileBytes)) == file.bytes
    }

    private static func generate(_ type: IdentityKeyType) throws -> IdentityKey {
        do {
            return try type.generate()
        } catch {
            throw IdentityError(code: .other, description: "cannot make a \(type.label) key (\(error))", target: nil)
        }
    }

    private static func build(_ body: () throws -> MadeCertificate) throws -> MadeCertificate {
        do {
            return try body()
        } catch {
            throw IdentityError(code: .other, description: "cannot make the certificate (\(error))", target: nil)
        }
    }

    private static func profile(_ root: MadeCertificate, name: String) throws -> [UInt8] {
        try profile(root.certificate, name: name)
    }

    private static func profile(_ root: Certificate, name: String) throws -> [UInt8] {
        do {
            return try MobileConfig.profile(rootDER: (try root.serializeAsPEM()).derBytes, name: name)
        } catch {
            throw IdentityError(
                code: .other,
                description: "cannot make the configuration profile (\(error))",
                target: nil
            )
        }
    }

    // MARK: text

    static func path(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    /// The intermediate's name: "Shop Root CA" gives "Shop Issuing CA", "Shop" gives
    /// "Shop Issuing CA" (at most 64 characters, a Common Name's limit).
    static func issuingName(_ root: String) -> String {
        var base = root
        for suffix in [" Root CA", " Root", " CA"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
            break
        }
        return String((base + " Issuing CA").suffix(64))
    }

    static func commonName(_ certificate: Certificate) -> String {
        for rdn in certificate.subject {
            for attribute in rdn where attribute.type == .RDNAttributeType.commonName {
                if let text = String(attribute.value) { return text }
            }
        }
        return certificate.subject.description
    }

    static func days(_ made: MadeCertificate) -> Int {
        Int((made.certificate.notValidAfter.timeIntervalSince(made.certificate.notValidBefore) / 86_400).rounded())
    }

    static func describe(_ encryption: PKCS12Export.Encryption) -> String {
        switch encryption {
        case .legacy: "legacy 3DES with a SHA-1 MAC, which every iOS, macOS, Windows and Java version imports"
        case .modern:
            "AES-256/PBKDF2 with a SHA-256 MAC (older iOS, macOS, Windows and Java refuse it: --p12 legacy for those)"
        }
    }

    /// The configuration profile the next steps point to: the one just made, else the CA's.
    private static func profilePath(out: String, ca: String, made: Bool) -> String? {
        if made { return path(out, FileName.mobileConfig) }
        var status = stat()
        let caProfile = path(ca, FileName.mobileConfig)
        return stat(caProfile, &status) == 0 ? caProfile : nil
    }

    private static func installStep(rootDir: String, profile: String?, name: String) -> String {
        let root = shell(path(rootDir, FileName.root))
        var text = "On every client, install \(root) as a trusted root:\n"
        if let profile {
            text +=
                "     iPhone, iPad: AirDrop or mail \(shell(profile)), install it (Settings > Profile Downloaded),\n"
            text +=
                "     then turn on full trust for \"\(name)\" (Settings > General > About > Certificate Trust Settings):\n"
            text += "     iOS does not trust an installed root for TLS until that switch is on.\n"
            text +=
                "     Mac: double-click \(shell(profile)) and install it in System Settings > Privacy & Security > Profiles."
        } else {
            text +=
                "     iPhone, iPad, Mac: add --mobileconfig for a profile that installs it, then turn on full trust for\n"
            text += "     \"\(name)\" (iOS: Settings > General > About > Certificate Trust Settings).\n"
            text +=
                "     Linux: copy it to /usr/local/share/ca-certificates/ with a .crt name and run update-ca-certificates."
        }
        return text
    }

    private static func table(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  \($0.0.paddedUTF16(toLength: width))  \($0.1)\n" }.joined()
    }

    /// `text` as one shell word: quoted when it holds anything but safe characters.
    static func shell(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@%+=,")
        if !text.isEmpty && text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingEvery("'", with: "'\\''") + "'"
    }
}
