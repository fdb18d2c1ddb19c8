import Foundation
import Testing
import TLSDiagnosis

/// docs/ARCHITECTURE.md is the map a newcomer reads first: it names every module, and the
/// import arrows it draws are the ones the code keeps.
@Suite struct ArchitectureTests {
    static let root = DocumentationTests.root

    /// The Swift modules under Sources/ (system-library modules, a module map and no Swift, aside).
    static func modules() throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            !name.hasPrefix(".")
                && !FileManager.default.fileExists(
                    atPath: sources.appendingPathComponent("\(name)/module.modulemap").path
                )
        }.sorted()
    }

    /// Every module a module's Swift files import.
    static func imports(of module: String) throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found = Set<String>()
        for case let file as String in files where file.hasSuffix(".swift") {
            found.formUnion(imports(in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
        }
        return found
    }

    /// Every module one Swift file imports.
    static func imports(in text: String) -> Set<String> {
        var found = Set<String>()
        for line in text.split(separator: "\n") {
            // Any attributes and access level before `import`: @_exported, @testable,
            // @preconcurrency, @_implementationOnly, public, package, internal, ...
            if let match = line.firstMatch(
                of:
                    /^\s*(?:@[A-Za-z_]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z0-9_]+)/
            ) {
                found.insert(String(match.output.1))
            }
        }
        return found
    }

    /// Whether Swift source names one of OpenSSL's C symbols (`SSL_CTX_new`, `X509_V_OK`,
    /// `d2i_X509`, the shim's `tlsprobe_` wrappers), string literals and comments aside.
    static func namesOpenSSL(_ text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            var code = line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
            if let comment = code.firstRange(of: "//") { code = code[..<comment.lowerBound] }
            return code.contains(
                /\b(?:(?:SSL|TLS|DTLS|X509|X509V3|EVP|OPENSSL|OpenSSL|OSSL|PKCS\d*|BIO|ERR|ASN1|OBJ|NID|OCSP|PEM|BN|PBE\w*|PBKDF2\w*|SCRYPT\w*|EXFLAG|XKU|MBSTRING|tlsprobe)_\w+|(?:d2i|i2d)_\w+)/
            )
        }
    }

    @Test func everyModuleIsOnTheMap() throws {
        let map = try DocumentationTests.read("docs/ARCHITECTURE.md")
        let modules = try Self.modules()
        #expect(modules.contains("TLSProbeKit") && modules.contains("TLSModel"))
        for module in modules {
            #expect(map.contains("| `\(module)` |"), "docs/ARCHITECTURE.md's module table lacks \(module)")
        }
    }

    @Test func sourcesObserveAndDoNotJudge() throws {
        for source in ["OpenSSLProbe", "PcapSource"] {
            let imports = try Self.imports(of: source)
            #expect(imports.contains("TLSModel"), "\(source)")
            #expect(
                !imports.contains("TLSDiagnosis"),
                "\(source) imports TLSDiagnosis: sources report facts, TLSDiagnosis makes findings"
            )
        }
        #expect(try !Self.imports(of: "TLSModel").contains("TLSDiagnosis"))
    }

    /// The files of OpenSSLProbe that call no OpenSSL function themselves, and why each is
    /// there all the same: it drives OpenSSL through the module's own types, and what it
    /// takes or returns holds OpenSSL's objects.
    static let openSSLOrchestrators: [String: String] = [
        "Connect/TLSClient.swift":
            "connect's handshakes: the version probes beside the main handshake on one shared SSL_CTX, each a ClientConnection; its options and results hold OpenSSL's objects (TLSIdentity's key, PeerCertificates)",
        "Connect/TLSClient+Fallback.swift":
            "the handshakes after a version or cipher failure: ClientConnections sharing an SSL_CTX made by SSLContextSetup",
        "Credentials/CredentialFile.swift":
            "the credential loader's front: it sniffs the bytes and hands them to PEMLoader or DERLoader, and what it returns holds OpenSSL's keys (PrivateKey)",
        "Credentials/PEMLoader.swift":
            "PEM blocks to OpenSSL's decoders (CertificateReading, PrivateKeyDecoding, KeyReading), keeping the EVP_PKEY they return",
    ]

    /// OpenSSLProbe holds OpenSSL's code and only it: every file there imports COpenSSL and
    /// names something of OpenSSL's (an import nothing in the file uses does not count),
    /// but for `openSSLOrchestrators`. Anything else (a socket, a file read or written by
    /// our rules, a plain value, a sniff of bytes) belongs in LiveNetwork, SafeFiles,
    /// SystemCalls or TLSModel.
    @Test func everyFileOfOpenSSLProbeUsesOpenSSL() throws {
        let folder = Self.root.appendingPathComponent("Sources/OpenSSLProbe")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        var seen: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            seen.insert(file)
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = Self.imports(in: text).contains("COpenSSL")
            if let reason = Self.openSSLOrchestrators[file] {
                #expect(
                    !imports,
                    "OpenSSLProbe/\(file) imports COpenSSL: if it calls OpenSSL now, drop it from openSSLOrchestrators (\(reason)); if not, drop the import"
                )
                continue
            }
            #expect(
                imports,
                "OpenSSLProbe/\(file) does not import COpenSSL: move it where it fits (TLSModel, SafeFiles, LiveNetwork, SystemCalls)"
            )
            #expect(
                !imports || Self.namesOpenSSL(text),
                "OpenSSLProbe/\(file) imports COpenSSL but names nothing of OpenSSL's: a dead import"
            )
        }
        let gone = Set(Self.openSSLOrchestrators.keys).subtracting(seen)
        #expect(gone.isEmpty, "openSSLOrchestrators lists files that are gone: \(gone.sorted())")
        // A call counts; a name in a string or a comment does not.
        #expect(Self.namesOpenSSL("let ssl = SSL_new(context) // SSL_free later"))
        #expect(!Self.namesOpenSSL("let name = \"TLS_AES_128_GCM_SHA256\" // calls SSL_new"))
    }

    /// STARTTLS protocols, tunnels and transports are types (`PlaintextProtocol`,
    /// `TunnelProtocol`, `Transport`, in TLSModel/Endpoints): no source compares or switches
    /// on their names as strings, so a new case is handled wherever the compiler asks for it.
    @Test func protocolsAndTransportsAreTypes() throws {
        let names =
            PlaintextProtocol.allCases.map(\.rawValue) + TunnelProtocol.allCases.map(\.rawValue)
            + Transport.allCases.map(\.rawValue)
        #expect(names.contains("sieve") && names.contains("udp") && names.contains("socks5"))
        var found: [String] = []
        for module in try Self.modules() {
            let folder = Self.root.appendingPathComponent("Sources/\(module)")
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where Self.comparesName(in: line, names) {
                    found.append("\(module)/\(file): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "protocol or transport names compared as strings: \(found)")
        #expect(Self.comparesName(in: #"    if proto == "smtp" {"#, ["smtp"]))
        #expect(Self.comparesName(in: #"    case "udp", "tcp": return"#, ["udp"]))
        #expect(!Self.comparesName(in: #"    case xmppServer = "xmpp-server""#, ["xmpp-server"]))
        #expect(!Self.comparesName(in: #"    case .udp: throw FrameError(.unsupported, "udp", at: 0)"#, ["udp"]))
    }

    /// A `case` line's patterns: up to its first colon, an enum case's raw value aside.
    static func label(of line: String) -> Substring {
        let patterns = line.prefix { $0 != ":" }
        return patterns.contains(" = \"") ? "" : patterns
    }

    /// Whether `line` compares a string with one of `names` (`==`, `!=`, a `case` label).
    static func comparesName(in line: Substring, _ names: [String]) -> Bool {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { return false }
        return names.contains { name in
            let quoted = "\"\(name)\""
            guard code.contains(quoted) else { return false }
            return code.contains("== \(quoted)") || code.contains("!= \(quoted)") || code.contains("\(quoted) ==")
                || code.contains("\(quoted) !=") || (code.hasPrefix("case ") && label(of: code).contains(quoted))
        }
    }

    /// The network and the files we write sit below OpenSSL: neither names OpenSSL, the
    /// diagnosis or a session, so a sweep or a state file can use them without TLS.
    @Test func networkAndFilesStandBelowOpenSSL() throws {
        for module in ["LiveNetwork", "SafeFiles"] {
            let imports = try Self.imports(of: module)
            #expect(imports.contains("SystemCalls"), "\(module)")
            for above in ["OpenSSLProbe", "TLSDiagnosis", "TLSProbeKit", "PcapSource", "COpenSSL"] {
                #expect(!imports.contains(above), "\(module) imports \(above)")
            }
        }
    }

    @Test func importsAreFoundWhateverTheirAttributes() throws {
        // Swift 6 access levels and attributes on imports must not hide an arrow.
        #expect(try Self.imports(of: "OpenSSLProbe").contains("COpenSSL"), "`internal import COpenSSL`")
        #expect(try Self.imports(of: "TLSDiagnosis").contains("TLSModel"), "`@_exported import TLSModel`")
        #expect(try Self.modules().contains("TLSWire") && !Self.modules().contains("COpenSSL"))
    }

    @Test func eachCLibraryHasOneImporter() throws {
        for (library, importer) in [
            ("COpenSSL", "OpenSSLProbe"), ("CPcap", "PcapSource"), ("CSystemCalls", "SystemCalls"),
        ] {
            let importers = try Self.modules().filter { try Self.imports(of: $0).contains(library) }
            #expect(importers == [importer], "\(library) is imported by \(importers)")
        }
    }

    /// A system call spelled differently by glibc, Darwin and musl is spelled in SystemCalls
    /// only; every other module calls `SystemCall` (and may import Glibc or Darwin for types).
    @Test func systemCallsAreSpelledInOneModule() throws {
        let platformOnly = [
            "Glibc.", "Darwin.", "Musl.", "SOCK_NONBLOCK", "SOCK_CLOEXEC", "MSG_NOSIGNAL", "fopencookie", "funopen",
        ]
        for module in try Self.modules() where module != "SystemCalls" {
            let folder = Self.root.appendingPathComponent("Sources/\(module)")
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for word in platformOnly {
                    #expect(
                        !text.contains(word),
                        "\(module)/\(file) names \(word): call SystemCall (Sources/SystemCalls)"
                    )
                }
            }
        }
        #expect(
            try Self.imports(of: "SystemCalls") == [
                "CSystemCalls", "Darwin", "Foundation", "FoundationEssentials", "Glibc", "Musl",
            ]
        )
    }

    /// Which Foundation the product links is said once, in SystemCalls (FoundationEssentials
    /// where it exists): one product file importing Foundation would link all of it,
    /// CoreFoundation and ICU into the static binary (docs/NOTES.md). LimboHarness is a
    /// test tool, not shipped.
    @Test func onlySystemCallsNamesFoundation() throws {
        for module in try Self.modules() where module != "SystemCalls" && module != "LimboHarness" {
            let imports = try Self.imports(of: module)
            #expect(
                !imports.contains("Foundation") && !imports.contains("FoundationEssentials"),
                "\(module) imports Foundation itself: import SystemCalls, which re-exports the right one"
            )
        }
    }

    @Test func theExecutableOnlyParsesAndWires() throws {
        let imports = try Self.imports(of: "tlsprobe")
        for module in ["PcapSource", "TLSProbeOutput", "COpenSSL", "CPcap"] {
            #expect(!imports.contains(module), "the command target imports \(module): that work belongs in a session")
        }
        let folder = Self.root.appendingPathComponent("Sources/tlsprobe")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("command == "), "\(file) compares command names: switch on the report's vantage")
            #expect(!text.contains("TrustEngine."), "\(file) runs the trust engine: that belongs in a session")
        }
    }

    /// The most lines a function in Sources/tlsprobe takes, from its `func` line to its
    /// closing brace: a command holds declarations, help and a short run; reading files,
    /// checking combinations and turning an outcome into messages belong in TLSProbeKit.
    static let longestCommandFunction = 40

    @Test func theExecutablesFunctionsAreShort() throws {
        let folder = Self.root.appendingPathComponent("Sources/tlsprobe")
        var long: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for function in Self.functions(in: text) where function.lines > Self.longestCommandFunction {
                long.append("\(file):\(function.line) \(function.lines) lines: \(function.name)")
            }
        }
        #expect(long.isEmpty, "functions over \(Self.longestCommandFunction) lines: \(long.sorted())")
    }

    @Test func functionsAreMeasuredFromFuncToItsClosingBrace() {
        let text = """
            struct A {
                func short() { }
                private static func braces(_ x: [Int]) -> String {
                    let s = "}" // }
                    /* { */
                    if x.isEmpty { return "\\(x.map { "{\\($0)" }) }" }
                    return \"\"\"
                        }
                        \"\"\"
                }
            }
            """
        let functions = Self.functions(in: text)
        #expect(functions.map(\.name) == ["short", "braces"])
        #expect(functions.map(\.lines) == [1, 8])
        #expect(functions.map(\.line) == [2, 3])
    }

    /// Every function in Swift `text`: its name, its first line, and its lines from the
    /// `func` line to its closing brace (braces in strings, interpolations and comments
    /// do not count).
    static func functions(in text: String) -> [(name: String, line: Int, lines: Int)] {
        // Each brace outside strings and comments, with its line.
        var braces: [(line: Int, open: Bool)] = []
        enum Context {
            case code(parens: Int?)
            case string(multiline: Bool)
        }
        var stack: [Context] = [.code(parens: nil)]
        let bytes = Array(text.utf8)
        func at(_ prefix: String, _ i: Int) -> Bool { bytes[i...].starts(with: prefix.utf8) }
        var i = 0
        var line = 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") { line += 1 }
            switch stack[stack.count - 1] {
            case .string(let multiline):
                if byte == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    if bytes[i + 1] == UInt8(ascii: "(") {
                        stack.append(.code(parens: 1))
                    } else if bytes[i + 1] == UInt8(ascii: "\n") {
                        line += 1
                    }
                    i += 2
                    continue
                }
                if multiline ? at("\"\"\"", i) : byte == UInt8(ascii: "\"") {
                    stack.removeLast()
                    i += multiline ? 3 : 1
                    continue
                }
            case .code(let parens):
                if at("//", i) {
                    while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
                    continue
                }
                if at("/*", i) {
                    i += 2
                    while i < bytes.count && !at("*/", i) {
                        if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                        i += 1
                    }
                    i += 2
                    continue
                }
                if at("\"\"\"", i) {
                    stack.append(.string(multiline: true))
                    i += 3
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): stack.append(.string(multiline: false))
                case UInt8(ascii: "{"): braces.append((line, true))
                case UInt8(ascii: "}"): braces.append((line, false))
                case UInt8(ascii: "("): if let parens { stack[stack.count - 1] = .code(parens: parens + 1) }
                case UInt8(ascii: ")"):
                    if let parens {
                        if parens == 1 {
                            stack.removeLast()
                        } else {
                            stack[stack.count - 1] = .code(parens: parens - 1)
                        }
                    }
                default: break
                }
            }
            i += 1
        }
        var found: [(name: String, line: Int, lines: Int)] = []
        for (index, text) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard
                let match = text.firstMatch(
                    of:
                        /^\s*(?:@[A-Za-z_]+\s+)*(?:(?:public|private|fileprivate|internal|package|static|class|mutating|nonmutating|override|final|nonisolated)\s+)*func\s+([A-Za-z0-9_]+)/
                )
            else { continue }
            let first = index + 1
            guard let open = braces.firstIndex(where: { $0.line >= first && $0.open }) else { continue }
            var depth = 0
            for brace in braces[open...] {
                depth += brace.open ? 1 : -1
                if depth == 0 {
                    found.append((String(match.output.1), first, brace.line - first + 1))
                    break
                }
            }
        }
        return found
    }

    /// Which side served the chain is the vantage's to say: a check that switches its
    /// wording on whether a served chain is at hand (`served == nil`) reads it from the vantage.
    @Test func theDiagnosisSwitchesOnTheVantage() throws {
        let folder = Self.root.appendingPathComponent("Sources/TLSDiagnosis")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for test in ["served == nil", "served != nil"] {
                let tests = text.contains(test)
                #expect(!tests, "\(file) tests \(test): switch on the vantage (case .server)")
            }
        }
    }
}
