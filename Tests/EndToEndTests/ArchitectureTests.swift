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
            "Connect/TLSClient.swift", "Connect/TLSClient+Fallback.swift", "Credentials/CredentialFile.swift",
            "Credentials/PEMLoader.swift",
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
}
