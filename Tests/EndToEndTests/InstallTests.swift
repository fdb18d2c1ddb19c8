import Foundation
import Testing
import TestSupport

/// Scripts/install.sh (what `make install` runs), with the tlsprobe the tests built: the
/// binary, the man page and the three shells' completions land under the prefix, a link
/// planted where a file goes is replaced and not followed, and --uninstall takes them away.
@Suite struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var script: String { root.appendingPathComponent("Scripts/install.sh").path }
    static let installed = [
        "bin/tlsprobe", "share/man/man1/tlsprobe.1", "share/bash-completion/completions/tlsprobe",
        "share/zsh/site-functions/_tlsprobe", "share/fish/vendor_completions.d/tlsprobe.fish",
    ]

    @Test func installsTheBinaryManPageAndCompletionsThenUninstallsThem() throws {
        let dir = TemporaryDirectory()
        let prefix = dir.file("usr")
        // Something else already under the prefix, and a link planted where the binary goes.
        let other = dir.write("other", Data("not ours\n".utf8))
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: prefix + "/bin/tlsprobe", withDestinationPath: other)
        try FileManager.default.copyItem(atPath: other, toPath: prefix + "/bin/keep")

        let install = try Run.process(Self.script, ["--binary", Run.tlsprobePath, "--prefix", prefix], timeout: 120)
        #expect(install.status == 0, "\(install.stderr)")
        for path in Self.installed {
            let attributes = try FileManager.default.attributesOfItem(atPath: prefix + "/" + path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(path)")
        }
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "not ours\n", "the planted link was not followed")
        // The JSON Schemas, side by side so that their $refs to common.schema.json resolve.
        let schemas = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("docs/schema").path
        ).filter { $0.hasSuffix(".schema.json") }
        #expect(schemas.contains("common.schema.json") && schemas.count > 5, "\(schemas)")
        for schema in schemas {
            #expect(
                FileManager.default.contentsEqual(
                    atPath: prefix + "/share/tlsprobe/schema/" + schema,
                    andPath: Self.root.appendingPathComponent("docs/schema/" + schema).path
                ),
                "share/tlsprobe/schema/\(schema)"
            )
        }
        let binary = try Run.process(prefix + "/bin/tlsprobe", ["--version"])
        let version = try String(contentsOf: Self.root.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(binary.status == 0 && binary.stdout.hasPrefix("tlsprobe \(version) "), "\(binary.stdout)")
        let manPage = try String(contentsOf: Self.root.appendingPathComponent("man/tlsprobe.1"), encoding: .utf8)
        #expect(
            manPage.split(separator: "\n").first?.contains("\"tlsprobe \(version)\"") == true,
            "the man page names the version in VERSION"
        )
        #expect(
            FileManager.default.contentsEqual(
                atPath: prefix + "/share/man/man1/tlsprobe.1",
                andPath: Self.root.appendingPathComponent("man/tlsprobe.1").path
            )
        )
        // Each shell takes its completion: bash registers it, zsh and fish name the command.
        let bash = try Run.process(
            "/bin/bash",
            ["-c", "source \"$0\" && complete -p tlsprobe", prefix + "/" + Self.installed[2]]
        )
        #expect(bash.status == 0 && bash.stdout.contains("tlsprobe"), "\(bash.stdout)\(bash.stderr)")
        // File arguments complete file names: an option's value and a positional argument.
        let files = dir.file("pki")
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        _ = dir.write("pki/root.pem", Data())
        for words in [
            ["tlsprobe", "verify", "--anchor", files + "/ro"], ["tlsprobe", "inspect", files + "/ro"],
            ["tlsprobe", "capture", "-r", files + "/ro"],
        ] {
            let line = words.joined(separator: " ")
            let script =
                "source \"$0\"; COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(words.joined(separator: " "))); "
                + "COMP_CWORD=\(words.count - 1); _tlsprobe tlsprobe '\(words[words.count - 1])' '\(words[words.count - 2])'; printf '%s\\n' \"${COMPREPLY[@]}\""
            let completed = try Run.process("/bin/bash", ["-c", script, prefix + "/" + Self.installed[2]])
            #expect(
                completed.stdout.split(separator: "\n").contains(Substring(files + "/root.pem")),
                "\(line): \(completed.stdout)\(completed.stderr)"
            )
        }
        #expect(
            try String(contentsOfFile: prefix + "/" + Self.installed[3], encoding: .utf8).hasPrefix("#compdef tlsprobe")
        )
        #expect(
            try String(contentsOfFile: prefix + "/" + Self.installed[4], encoding: .utf8).contains(
                "complete -c 'tlsprobe'"
            )
        )

        let uninstall = try Run.process(Self.script, ["--uninstall", "--prefix", prefix], timeout: 60)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for path in Self.installed { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path)") }
        #expect(
            !FileManager.default.fileExists(atPath: prefix + "/share/tlsprobe"),
            "the schemas and their directory are removed"
        )
        #expect(FileManager.default.fileExists(atPath: prefix + "/bin/keep"), "only what it installed is removed")
    }

    @Test func aRelativePrefixOrAnUnknownOptionIsAUsageError() throws {
        let relative = try Run.process(Self.script, ["--binary", Run.tlsprobePath, "--prefix", "usr/local"])
        #expect(relative.status == 64 && relative.stderr.contains("absolute path"), "\(relative.stderr)")
        let unknown = try Run.process(Self.script, ["--frobnicate"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown option '--frobnicate'"), "\(unknown.stderr)")
        // A relative --destdir is the caller's directory's, not the repository's.
        let dir = TemporaryDirectory()
        let staged = try Run.process(
            Self.script,
            ["--binary", Run.tlsprobePath, "--prefix", "/usr", "--destdir", "stage"],
            currentDirectory: dir.file(""),
            timeout: 120
        )
        #expect(staged.status == 0, "\(staged.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.file("stage/usr/bin/tlsprobe")), "\(staged.stdout)")
        let help = try Run.process(Self.script, ["--help"])
        #expect(help.status == 0 && help.stdout.contains("make install"), "\(help.stdout)")
    }

    /// Scripts/release-flags.sh (the options `make` builds with) packs the relocations with
    /// lld only where glibc reads packed relocations (2.36 and newer): an older glibc refuses
    /// to load such a binary. `getconf` is replaced to play each C library, and `swiftc` by
    /// a proxy in another directory (as swiftly installs it), which must not hide the
    /// toolchain's lld.
    @Test func relocationsArePackedOnlyWhereTheCLibraryReadsThem() throws {
        #if os(Linux)
        let script = Self.root.appendingPathComponent("Scripts/release-flags.sh").path
        let info = try Run.process("/bin/sh", ["-c", "swiftc -print-target-info"]).stdout
        let resources = try #require(info.split(separator: "\n").first { $0.contains("\"runtimeResourcePath\"") })
            .split(separator: "\"", omittingEmptySubsequences: false).dropLast().last.map(String.init)
        let toolchainBin = URL(fileURLWithPath: try #require(resources)).deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("bin")
        let toolchainHasLLD = FileManager.default.isExecutableFile(
            atPath: toolchainBin.appendingPathComponent("ld.lld").path
        )
        let realSwiftc = try Run.process("/bin/sh", ["-c", "command -v swiftc"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines
        )
        let dir = TemporaryDirectory()
        let bin = dir.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let proxy = dir.write("bin/swiftc", "#!/bin/sh\nexec '\(realSwiftc)' \"$@\"\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: proxy)
        for (libc, packs) in [
            ("glibc 2.35", false), ("glibc 2.36", true), ("glibc 2.41", true), ("glibc 3.0", true), ("", false),
        ] {
            let getconf = dir.write("bin/getconf", libc.isEmpty ? "#!/bin/sh\nexit 1\n" : "#!/bin/sh\necho '\(libc)'\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: getconf)
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            let flags = try Run.process(script, [], environment: environment)
            #expect(flags.status == 0, "\(libc): \(flags.stderr)")
            let lines = flags.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "--static-swift-stdlib", "\(libc): \(lines)")
            #expect(lines.contains("-disable-concrete-type-metadata-mangled-name-accessors"), "\(libc): \(lines)")
            #expect(lines.contains("--no-export-dynamic"), "\(libc): \(lines)")
            #expect(lines.contains("pack-relative-relocs") == (packs && toolchainHasLLD), "\(libc): \(lines)")
            #expect(lines.contains("-use-ld=lld") == (packs && toolchainHasLLD), "\(libc): \(lines)")
            // libstdc++ linked in with lld, where the toolchain's clang finds the archive.
            let staticCXX = Self.root.appendingPathComponent("Scripts/static-libstdc++").resolvingSymlinksInPath().path
            let clang = toolchainBin.appendingPathComponent("clang").path
            let cxxArchive =
                FileManager.default.isExecutableFile(atPath: clang)
                ? try Run.process(clang, ["-print-file-name=libstdc++.a"]).stdout.trimmingCharacters(
                    in: .whitespacesAndNewlines
                ) : ""
            let linksCXX =
                packs && toolchainHasLLD && cxxArchive.hasPrefix("/")
                && FileManager.default.fileExists(atPath: cxxArchive)
                && !staticCXX.contains(where: \.isWhitespace)
            #expect(lines.contains("-L" + staticCXX) == linksCXX, "\(libc): \(lines)")
            #expect(lines.contains("-static-libgcc") == linksCXX, "\(libc): \(lines)")
        }
        #endif
    }

    /// Where Scripts/release-flags.sh links the C++ library and the unwinder in (lld, glibc
    /// 2.36 or newer, libstdc++.a found), the release binary does not load libstdc++.so or
    /// libgcc_s.so: their relocations and pages cost each start about 1 ms of `--version`'s 4.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TLSPROBE_TEST_BINARY"].map { !$0.isEmpty } ?? false))
    func theReleaseBinaryLoadsNoCXXLibraryWhereTheFlagsLinkItIn() throws {
        #if os(Linux)
        let flags = try Run.process(Self.root.appendingPathComponent("Scripts/release-flags.sh").path, [])
        try #require(flags.status == 0, "\(flags.stderr)")
        let linksCXX = flags.stdout.split(separator: "\n").contains("-static-libgcc")
        let dynamic = try Run.process("readelf", ["-d", Run.tlsprobePath], timeout: 60)
        try #require(dynamic.status == 0, "\(dynamic.stderr)")
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        // Not an empty reading: the binary loads OpenSSL whatever else it links.
        try #require(needed.contains { $0.contains("libcrypto") }, "\(dynamic.stdout)")
        let cxx = needed.filter { $0.contains("libstdc++") || $0.contains("libgcc_s") }
        #expect(cxx.isEmpty == linksCXX, "release-flags.sh links libstdc++ in: \(linksCXX); NEEDED: \(needed)")
        // And it still runs: the static C++ library is the one the Swift runtime started with.
        let version = try Run.process(Run.tlsprobePath, ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("tlsprobe "), "\(version.stdout)\(version.stderr)")
        #endif
    }

    /// The binary `make` builds (Tests/run.sh tests it as TLSPROBE_TEST_BINARY) links only
    /// FoundationEssentials: any use of Thread, NSLock, NSCondition, String(format:),
    /// NSRegularExpression or Foundation's String methods (`range(of:)`, `contains`,
    /// `replacingOccurrences`, `padding`) would link all of Foundation, CoreFoundation and
    /// ICU into it again, and start-up pays for their relocations and initialisers. A debug
    /// build links Foundation dynamically whatever is used, so this looks at the release
    /// binary only.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TLSPROBE_TEST_BINARY"].map { !$0.isEmpty } ?? false))
    func theReleaseBinaryCarriesNoFoundationCoreFoundationOrICU() throws {
        #if os(Linux)
        let symbols = try Run.process("nm", ["--defined-only", Run.tlsprobePath], timeout: 120)
        try #require(symbols.status == 0, "\(symbols.stderr)")
        let names = symbols.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        // Not a stripped binary, where no name would be found whatever is linked.
        try #require(
            names.contains("tlsprobe_main") && names.contains { $0.hasPrefix("$s20FoundationEssentials") },
            "\(names.count) symbols"
        )
        let foreign = names.filter {
            $0.hasPrefix("$s10Foundation") || $0.hasPrefix("$s26FoundationInternationalization")
                || $0 == "__CFInitialize" || $0.hasPrefix("_ZN6icu_")
        }
        #expect(foreign.isEmpty, "\(foreign.count) symbols, e.g. \(foreign.prefix(5))")
        #endif
    }
}
