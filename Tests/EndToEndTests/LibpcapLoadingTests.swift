import Foundation
import Testing
import TestSupport

/// libpcap is loaded when a capture is opened (or `capture --version` asks its version), never
/// linked (Sources/CPcap): every other command runs without it, and a capture without it
/// is a clear error, exit 2. `TLSPROBE_LIBPCAP` names the libpcap to load instead of the
/// system's; a path that does not exist stands for a machine without libpcap.
@Suite struct LibpcapLoadingTests {
    static let missing = ["TLSPROBE_LIBPCAP": "/nonexistent/libpcap.so.0.8"]

    #if os(Linux)
    /// The binary's ELF names no libpcap among the libraries the loader must find at start.
    @Test func theBinaryDoesNotNeedLibpcap() throws {
        let result = try Run.process("readelf", ["-d", Run.tlsprobePath])
        #expect(result.status == 0, "\(result.stderr)")
        let needed = result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libssl") }, "readelf lists the libraries: \(result.stdout)")
        #expect(!needed.contains { $0.contains("libpcap") }, "\(needed)")
    }

    /// What the dynamic loader actually loads (LD_DEBUG=libs): libpcap and its dependencies
    /// for a capture, neither for `explain`, a help page or `--version`.
    @Test func onlyCaptureLoadsLibpcap() throws {
        func loaded(_ arguments: [String]) throws -> String {
            let result = try Run.tlsprobe(arguments, environment: ["LD_DEBUG": "libs"])
            #expect(result.status == 0, "\(arguments): \(result.stderr.suffix(500))")
            return result.stderr.split(separator: "\n").filter { $0.contains("calling init:") }.joined(separator: "\n")
        }
        for arguments in [["explain", "unknown_ca"], ["capture", "--help"], ["--version"], ["connect", "--version"]] {
            let libraries = try loaded(arguments)
            #expect(libraries.contains("libc.so"), "LD_DEBUG shows the loads: \(libraries)")
            #expect(!libraries.contains("libpcap"), "\(arguments) loads libpcap: \(libraries)")
        }
        let dir = TemporaryDirectory()
        let file = dir.write("empty.pcap", CaptureWriter.file(linkType: 1, packets: []))
        #expect(try loaded(["capture", "-r", file]).contains("libpcap"))
        #expect(try loaded(["capture", "--version"]).contains("libpcap"))
    }
    #endif

    /// Without libpcap, a capture (file or interface) stops before reading anything with one
    /// line saying libpcap could not be loaded and what to install, exit 2.
    @Test func captureWithoutLibpcapSaysSo() throws {
        let dir = TemporaryDirectory()
        let file = dir.write("empty.pcap", CaptureWriter.file(linkType: 1, packets: []))
        for arguments in [["capture", "-r", file], ["capture", "-i", "lo"]] {
            let result = try Run.tlsprobe(arguments, environment: Self.missing)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(result.stdout)")
            #expect(
                result.stderr.hasPrefix("Error: cannot load libpcap (TLSPROBE_LIBPCAP): /nonexistent/libpcap.so.0.8:"),
                "\(result.stderr)"
            )
            #expect(result.stderr.contains("capture needs libpcap"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        // A library that is not libpcap is refused the same way, naming what it lacks.
        let text = dir.write("libnotpcap.so", "not a library\n")
        let notLibrary = try Run.tlsprobe(["capture", "-r", file], environment: ["TLSPROBE_LIBPCAP": text])
        #expect(notLibrary.status == 2, "\(notLibrary.stderr)")
        #expect(
            notLibrary.stderr.hasPrefix("Error: cannot load libpcap (TLSPROBE_LIBPCAP): \(text):"),
            "\(notLibrary.stderr)"
        )
    }

    /// The other commands do not notice: `explain` and `--version` answer as before, and
    /// `capture --version` says libpcap was not found where it prints libpcap's version.
    @Test func theOtherCommandsRunWithoutLibpcap() throws {
        let with = try Run.tlsprobe(["explain", "unknown_ca"])
        let without = try Run.tlsprobe(["explain", "unknown_ca"], environment: Self.missing)
        #expect(without.status == 0, "\(without.stderr)")
        #expect(without.stdout == with.stdout && !with.stdout.isEmpty)
        let version = try Run.tlsprobe(["--version"], environment: Self.missing)
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout == (try Run.tlsprobe(["--version"])).stdout, "\(version.stdout)")
        let captureVersion = try Run.tlsprobe(["capture", "--version"], environment: Self.missing)
        #expect(captureVersion.status == 0, "\(captureVersion.stderr)")
        #expect(
            captureVersion.stdout.hasPrefix("tlsprobe ") && captureVersion.stdout.hasSuffix("; libpcap: not found)\n"),
            "\(captureVersion.stdout)"
        )
    }

    #if os(Linux)
    /// TLSPROBE_LIBPCAP naming the system's libpcap by its path reads a capture as usual.
    @Test func theVariableNamesTheLibraryToLoad() throws {
        let cache = try Run.process("/sbin/ldconfig", ["-p"])
        let path = try #require(
            cache.stdout.split(separator: "\n").compactMap { line -> String? in
                guard line.contains("libpcap.so."), line.contains("x86-64") || line.contains("AArch64"),
                    let arrow = line.range(of: "=> ")
                else { return nil }
                return String(line[arrow.upperBound...])
            }.first,
            "ldconfig -p lists no libpcap: \(cache.stdout.prefix(300))"
        )
        let dir = TemporaryDirectory()
        let file = dir.write("empty.pcap", CaptureWriter.file(linkType: 1, packets: []))
        let result = try Run.tlsprobe(["capture", "-r", file], environment: ["TLSPROBE_LIBPCAP": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("0 TLS connections reported"), "\(result.stderr)")
        let version = try Run.tlsprobe(["capture", "--version"], environment: ["TLSPROBE_LIBPCAP": path])
        #expect(version.stdout.contains("; libpcap version "), "\(version.stdout)")
    }
    #endif
}
