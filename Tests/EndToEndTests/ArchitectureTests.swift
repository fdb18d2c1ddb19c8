import Foundation
import Testing

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
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
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
        }
        return found
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

    /// OpenSSLProbe holds OpenSSL's side: a file there that does not import it is one of
    /// these, which drive OpenSSL through the module's own types (the client's handshakes and
    /// fallback, the credential loader's values and its password retries, an identity's
    /// key). Anything else (a socket, a file we write, a plain value) belongs in LiveNetwork,
    /// SafeFiles or TLSModel.
    @Test func openSSLProbeHoldsOpenSSLsSide() throws {
        let allowed: Set<String> = [
            "Connect/TLSClient.swift", "Connect/TLSClient+Fallback.swift", "Session/TLSIdentity.swift",
            "Anchors/AnchorDirectory.swift", "Credentials/LoadError.swift", "Credentials/LoadedFile.swift",
            "Credentials/CredentialItem.swift", "Credentials/PasswordSession.swift", "Credentials/FileBytes.swift",
            "Credentials/Sniff.swift",
        ]
        let folder = Self.root.appendingPathComponent("Sources/OpenSSLProbe")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        var without: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if !text.contains("import COpenSSL") { without.insert(file) }
        }
        #expect(
            without.subtracting(allowed).isEmpty,
            "OpenSSLProbe files that do not use OpenSSL: \(without.subtracting(allowed).sorted())"
        )
        #expect(
            allowed.subtracting(without).isEmpty,
            "no longer without OpenSSL, drop from the list: \(allowed.subtracting(without).sorted())"
        )
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
