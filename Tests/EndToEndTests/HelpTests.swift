import Foundation
import Testing
import TestSupport

/// `--help` and mistyped commands, through the built binary.
@Suite struct HelpTests {
    static let commands = [
        "connect", "scan", "diff", "watch", "listen", "capture", "inspect", "verify", "explain", "identity",
    ]

    /// The lines of the "Examples:" block of `arguments`' help at a terminal `columns` wide.
    static func examples(_ arguments: [String], columns: Int) throws -> [String] {
        let result = try Run.tlsprobe(arguments, environment: ["COLUMNS": "\(columns)"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "Examples:") else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// Every example is whole at 80 columns: each line starts a command or continues the one
    /// before it (which ends in a backslash), none is longer than the terminal, and the block
    /// is the same at 200 columns, so nothing in it was re-wrapped.
    @Test(arguments: [[String]()] + commands.map { [$0] })
    func examplesAreNeverWrapped(command: [String]) throws {
        let narrow = try Self.examples(command + ["--help"], columns: 80)
        if command.isEmpty
            || ["connect", "scan", "diff", "watch", "listen", "capture", "explain", "identity"].contains(command[0])
        {
            #expect(!narrow.isEmpty, "\(command): no Examples block")
        }
        var continued = false
        for line in narrow {
            #expect(line.count <= 80, "\(command): \(line.count) columns: \(line)")
            if continued {
                #expect(line.hasPrefix("      "), "\(command): a continuation is indented further: \(line)")
            } else {
                #expect(
                    line.hasPrefix("  tlsprobe ") || line.hasPrefix("  tcpdump "),
                    "\(command): not the start of a command: \(line)"
                )
            }
            continued = line.hasSuffix(" \\")
        }
        #expect(!continued, "\(command): the last example ends in a backslash")
        #expect(
            try Self.examples(command + ["--help"], columns: 200) == narrow,
            "\(command): the examples are re-wrapped at 80 columns"
        )
    }

    @Test func theLongConnectExampleIsWholeAt80Columns() throws {
        let lines = try Self.examples(["connect", "--help"], columns: 80)
        #expect(lines.contains { $0.contains("--profile apple") }, "\(lines)")
    }

    // MARK: a mistyped command

    @Test(arguments: [
        (["conect", "127.0.0.1:443"], "conect", "connect"),
        (["lisen", "4433"], "lisen", "listen"),
        (["verfiy", "leaf.pem"], "verfiy", "verify"),
        (["inpsect", "leaf.pem"], "inpsect", "inspect"),
        (["captrue", "-r", "trace.pcap"], "captrue", "capture"),
    ])
    func aMistypedCommandIsNamedWithTheNearestOne(arguments: [String], typed: String, meant: String) throws {
        let result = try Run.tlsprobe(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix("Error: unknown command '\(typed)'. Did you mean '\(meant)'?\n"),
            "\(result.stderr)"
        )
        for command in Self.commands {
            #expect(result.stderr.contains(command), "the commands are listed: \(result.stderr)")
        }
    }

    @Test func anUnknownCommandNothingIsNearIsNamedWithTheList() throws {
        let result = try Run.tlsprobe(["nonsense", "x"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: unknown command 'nonsense'.\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("Did you mean"))
        for command in Self.commands {
            #expect(result.stderr.contains(command), "the commands are listed: \(result.stderr)")
        }
    }

    @Test func helpForAMistypedCommandIsAnError() throws {
        let result = try Run.tlsprobe(["help", "conect"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty, "no help is printed: \(result.stdout.prefix(200))")
        #expect(
            result.stderr.hasPrefix("Error: unknown command 'conect'. Did you mean 'connect'?\n"),
            "\(result.stderr)"
        )

        // What worked still works.
        let help = try Run.tlsprobe(["help", "connect"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: tlsprobe connect"))
        let top = try Run.tlsprobe(["help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("SUBCOMMANDS:"))
        #expect(try Run.tlsprobe(["--version"]).status == 0)
        #expect(try Run.tlsprobe(["connect", "--help"]).status == 0)
    }

    /// `--version` names tlsprobe's release and the OpenSSL it runs against, `capture
    /// --version` also the libpcap capture reads with (docs/DESIGN.md); each one line on
    /// stdout. OpenSSL's is as the openssl command on this machine, linked against the same
    /// libcrypto, prints it.
    @Test func versionNamesTheLibraries() throws {
        let openssl = try Run.process("openssl", ["version"])
        // "OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)": the library's.
        var opensslVersion = openssl.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if let library = opensslVersion.range(of: "(Library: "), opensslVersion.hasSuffix(")") {
            opensslVersion = String(opensslVersion[library.upperBound...].dropLast())
        }
        #expect(opensslVersion.hasPrefix("OpenSSL 3"), "\(openssl.stdout)")
        // `--version=x` is taken as `--version` by the argument parser.
        for (arguments, libraries) in [
            (["--version"], "(\(opensslVersion))\n"), (["connect", "--version"], "(\(opensslVersion))\n"),
            (["capture", "--version"], "(\(opensslVersion); libpcap version "),
            (["capture", "--version=x"], "(\(opensslVersion); libpcap version "),
        ] {
            let result = try Run.tlsprobe(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(result.stdout)")
            #expect(result.stdout.hasPrefix("tlsprobe "), "\(result.stdout)")
            #expect(result.stdout.contains(libraries), "\(arguments): \(result.stdout)")
            #expect(result.stdout.hasSuffix(")\n"), "\(result.stdout)")
        }
    }
}
