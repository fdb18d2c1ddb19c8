import Foundation
import Testing
import TestSupport
import X509

#if canImport(Glibc)
import Glibc
#endif

/// Why the capture tests are skipped, when they are.
let captureComment = Comment(
    rawValue: "needs tcpdump and permission to capture on lo: \(LoopbackCapture.unavailableReason ?? "available")"
)

/// `tlsprobe capture` on captures made at test time: tcpdump on lo around real
/// `openssl s_server`/`s_client` handshakes, then the binary reads the file.
@Suite(.serialized) struct CaptureTests {
    /// A PKI valid now (capture judges each connection at its own time): server root →
    /// intermediate → leaf for localhost and 127.0.0.1; a separate client root and client.
    final class PKI: PKIFiles, @unchecked Sendable {
        let otherRoot = TestPKI.issue(.root("Somebody Else's Root"))
        let clientRoot = TestPKI.issue(.root("Front Desk Client CA"))
        lazy var client = TestPKI.issueLive(.client("front-desk-ipad"), by: clientRoot)

        lazy var otherRootPath = dir.write("other-root.pem", otherRoot.pem)
        lazy var clientRootPath = dir.write("client-root.pem", clientRoot.pem)
        lazy var clientPath = dir.write("client.pem", client.pem)
        lazy var clientKey = dir.write("client.key", client.keyPEM)

        /// s_server options that require a client certificate from the client root.
        var mtlsServer: [String] { ["-Verify", "1", "-CAfile", clientRootPath] }
        /// TLS 1.2 and 1.3 clients with the client certificate, then TLS 1.2 and 1.3 without.
        var mtlsClients: [[String]] {
            [
                ["-tls1_2", "-cert", clientPath, "-key", clientKey],
                ["-tls1_3", "-cert", clientPath, "-key", clientKey], ["-tls1_2"], ["-tls1_3"],
            ]
        }
        /// TLS 1.2 and 1.3 clients that trust another root and refuse the chain.
        var refusingClients: [[String]] {
            [
                ["-tls1_2", "-CAfile", otherRootPath, "-verify_return_error"],
                ["-tls1_3", "-CAfile", otherRootPath, "-verify_return_error"],
            ]
        }

        init() {
            let root = TestPKI.issue(.root("Capture Root CA"))
            let intermediate = TestPKI.issue(.intermediate("Capture Intermediate CA"), by: root)
            // Valid from 30 days ago to 90 days ahead: clear of the 30-day cert.expires_soon line.
            let leaf = TestPKI.issueLive(.server("localhost", ips: ["127.0.0.1"]), by: intermediate)
            super.init(chain: TestPKI.Chain(root: root, intermediate: intermediate, leaf: leaf))
        }
    }

    static let pki = PKI()

    /// Runs each client against one s_server (with `serverExtra`) while tcpdump captures
    /// the port; returns the capture file.
    static func capture(serverExtra: [String] = [], clients: [[String]], name: String) throws -> String {
        let server = try pki.server(serverExtra)
        defer { server.stop() }
        let recorder = try LoopbackCapture(port: server.port, path: pki.dir.file(name))
        for client in clients {
            try Run.process(
                "openssl",
                ["s_client", "-connect", server.address, "-servername", "localhost", "-brief"] + client,
                stdin: Data("Q\n".utf8),
                timeout: 10
            )
        }
        return recorder.stop()
    }

    /// The JSON lines of a capture run.
    static func lines(_ result: Run.Result) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    nonisolated(unsafe) static var serverFile: String?
    nonisolated(unsafe) static var mtlsFile: String?

    /// One capture of four connections to a server that needs no client certificate: TLS
    /// 1.2 and 1.3 accepted, then TLS 1.2 and 1.3 clients that trust another root.
    static func serverCapture() throws -> String {
        if let serverFile { return serverFile }
        let file = try capture(
            clients: [["-tls1_2", "-CAfile", pki.root], ["-tls1_3", "-CAfile", pki.root]] + pki.refusingClients,
            name: "server.pcap"
        )
        serverFile = file
        return file
    }

    /// Four connections to a server that requires a client certificate: with one (1.2,
    /// 1.3), then without (1.2, 1.3).
    static func mtlsCapture() throws -> String {
        if let mtlsFile { return mtlsFile }
        let file = try capture(serverExtra: pki.mtlsServer, clients: pki.mtlsClients, name: "mtls.pcap")
        mtlsFile = file
        return file
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func reportsEachConnectionWithHellosChainAndOutcome() throws {
        let file = try Self.serverCapture()
        let result = try Run.tlsprobe([
            "capture", "-r", file, "--json", "--anchor", Self.pki.root, "--host", "localhost", "--fail-on", "never",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result)
        try #require(lines.count == 4, "\(result.stdout)\n\(result.stderr)")

        // TLS 1.2, accepted: both hellos, the chain as sent, trusted by the right root.
        let tls12 = lines[0]
        #expect(tls12["schema_version"] as? Int == 1)
        #expect(tls12["command"] as? String == "capture")
        #expect(tls12["outcome"] as? String == "established")
        #expect((tls12["handshake"] as? [String: Any])?["version"] as? String == "TLSv1.2")
        let hello = try #require(tls12["client_hello"] as? [String: Any])
        #expect(hello["sni"] as? String == "localhost")
        // JA4: TCP, TLS 1.2 (no supported_versions from a -tls1_2 client), SNI is a name.
        #expect((hello["ja4"] as? String)?.hasPrefix("t12d") == true, "\(hello["ja4"] ?? "")")
        #expect((hello["ja3"] as? String)?.count == 32)
        let chain = try #require(tls12["chain"] as? [[String: Any]])
        #expect(chain.map { $0["subject"] as? String } == ["CN=localhost", "CN=Capture Intermediate CA"])
        #expect((tls12["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        let flow = try #require(tls12["flow"] as? [String: Any])
        #expect((flow["server"] as? String)?.hasPrefix("127.0.0.1:") == true)
        #expect(flow["first_packet"] is String && flow["last_packet"] is String)

        // TLS 1.3, accepted: the chain is encrypted.
        let tls13 = lines[1]
        #expect(tls13["outcome"] as? String == "established")
        #expect((tls13["handshake"] as? [String: Any])?["version"] as? String == "TLSv1.3")
        #expect((tls13["chain"] as? [Any])?.isEmpty == true)
        #expect(JSONFindings.codes(tls13).contains("capture.tls13_encrypted"))

        // TLS 1.2, the client trusts another root: its unknown_ca, read after the server's chain.
        let rejected = lines[2]
        #expect(rejected["outcome"] as? String == "failed")
        let alerts = try #require(rejected["alerts"] as? [[String: Any]])
        #expect(alerts.first?["from"] as? String == "client")
        #expect((alerts.first?["description"] as? [String: Any])?["name"] as? String == "unknown_ca")
        let alert = try #require(JSONFindings.finding(rejected, "capture.alert"))
        #expect((alert["message"] as? String)?.contains("does not trust the root") == true)

        // TLS 1.3, the same refusal, encrypted: judged by the alert-sized record.
        let rejected13 = lines[3]
        #expect(rejected13["outcome"] as? String == "failed")
        let guess = try #require(JSONFindings.finding(rejected13, "capture.alert"))
        #expect((guess["evidence"] as? [String: Any])?["from"] as? String == "client")
    }

    @Test(
        .enabled(if: LoopbackCapture.unavailableReason == nil, captureComment),
        .enabled(if: (try? Run.which("tshark")) != nil, "needs tshark, whose JA3 is compared")
    ) func ja3MatchesTSharkOnTheSameCapture() throws {
        let file = try Self.serverCapture()
        let lines = try Self.lines(try Run.tlsprobe(["capture", "-r", file, "--json"]))
        let ours = lines.compactMap { ($0["client_hello"] as? [String: Any])?["ja3"] as? String }
        let server = try #require((lines.first?["flow"] as? [String: Any])?["server"] as? String)
        let port = try #require(server.split(separator: ":").last)
        let tshark = try Run.process(
            "tshark",
            [
                "-r", file, "-d", "tcp.port==\(port),tls", "-Y", "tls.handshake.type == 1",
                "-T", "fields", "-e", "tls.handshake.ja3",
            ],
            timeout: 60
        )
        let theirs = tshark.stdout.split(separator: "\n").map(String.init)
        #expect(ours.count == 4)
        #expect(ours == theirs, "\(tshark.stderr)")
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func mutualTLSAndAServerRefusingTheClient() throws {
        let file = try Self.mtlsCapture()
        let result = try Run.tlsprobe([
            "capture", "-r", file, "--json", "--anchor", Self.pki.root, "--host", "localhost",
        ])
        let lines = try Self.lines(result)
        try #require(lines.count == 4, "\(result.stdout)\n\(result.stderr)")
        // Some connections failed: exit 1 by the default --fail-on error.
        #expect(result.status == 1)

        let mtls12 = lines[0]
        #expect(mtls12["outcome"] as? String == "established")
        let request = try #require(mtls12["certificate_request"] as? [String: Any])
        #expect(request["acceptable_cas"] as? [String] == ["CN=Front Desk Client CA"])
        #expect(request["client_certificate_sent"] as? Bool == true)
        let clientChain = try #require(mtls12["client_chain"] as? [[String: Any]])
        #expect(clientChain.first?["subject"] as? String == "CN=front-desk-ipad")

        #expect(lines[1]["outcome"] as? String == "established")

        let refused12 = lines[2]
        #expect(refused12["outcome"] as? String == "failed")
        #expect(JSONFindings.codes(refused12).contains("mtls.client_cert_required"), "\(JSONFindings.codes(refused12))")

        let refused13 = lines[3]
        #expect(refused13["outcome"] as? String == "failed")
        let guess = try #require(JSONFindings.finding(refused13, "capture.alert"))
        #expect((guess["evidence"] as? [String: Any])?["from"] as? String == "server")
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func textReportReadsTheRefusal()
        throws
    {
        let file = try Self.serverCapture()
        let result = try Run.tlsprobe(["capture", "-r", file, "--anchor", Self.pki.root, "--host", "localhost"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("capture 127.0.0.1:"))
        #expect(result.stdout.contains("handshake failed"))
        #expect(result.stdout.contains("unknown_ca"))
        #expect(result.stdout.contains("Chain as presented (2)"))
        #expect(result.stderr.contains("4 TLS connections reported"))
        #expect(result.stderr.contains("0 malformed"))
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func ipv6LoopbackConnection() throws {
        let pki = Self.pki
        let server = try pki.server(ipv6: true)
        defer { server.stop() }
        let recorder = try LoopbackCapture(port: server.port, path: pki.dir.file("v6.pcap"))
        try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-tls1_2", "-brief"],
            stdin: Data("Q\n".utf8),
            timeout: 10
        )
        let lines = try Self.lines(try Run.tlsprobe(["capture", "-r", recorder.stop(), "--json"]))
        try #require(lines.count == 1)
        let flow = try #require(lines[0]["flow"] as? [String: Any])
        #expect(flow["server"] as? String == "[::1]:\(server.port)")
        #expect(lines[0]["outcome"] as? String == "established")
        #expect((lines[0]["chain"] as? [Any])?.count == 2)
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func nameIsJudgedAgainstTheSNIWithoutHost() throws {
        let file = try Self.serverCapture()
        // The clients sent SNI "localhost": that is the name the leaf must carry.
        let bySNI = try Self.lines(
            try Run.tlsprobe(["capture", "-r", file, "--json", "--anchor", Self.pki.root, "--count", "1"])
        )
        #expect((bySNI.first?["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        // --host overrides it: the leaf has no printer.local.
        let byHost = try Self.lines(
            try Run.tlsprobe([
                "capture", "-r", file, "--json", "--anchor", Self.pki.root, "--host", "printer.local", "--count", "1",
            ])
        )
        #expect((byHost.first?["trust"] as? [String: Any])?["trusted"] as? Bool == false)
        #expect(JSONFindings.codes(byHost.first ?? [:]).contains("name.mismatch"))
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func standardInputAndPcapngReadTheSame() throws {
        let file = try Self.serverCapture()
        let fromFile = try Run.tlsprobe(["capture", "-r", file, "--json"])
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let fromStdin = try Run.tlsprobe(["capture", "-r", "-", "--json"], stdin: data)
        #expect(fromStdin.stdout == fromFile.stdout)
        #expect(fromStdin.stderr.contains("standard input: 4 TLS connections"))
        if (try? Run.which("editcap")) != nil {
            let pcapng = Self.pki.dir.file("server.pcapng")
            try Run.process("editcap", ["-F", "pcapng", file, pcapng])
            let fromPcapng = try Run.tlsprobe(["capture", "-r", pcapng, "--json"])
            #expect(fromPcapng.stdout == fromFile.stdout)
        }
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func filterAndCountLimitTheRun()
        throws
    {
        let file = try Self.serverCapture()
        let one = try Run.tlsprobe(["capture", "-r", file, "--json", "--count", "1"])
        #expect(one.stdout.split(separator: "\n").count == 1)
        let none = try Run.tlsprobe(["capture", "-r", file, "--json", "--filter", "udp"])
        #expect(none.stdout.isEmpty)
        #expect(none.status == 0)
        #expect(none.stderr.contains("0 TLS connections reported; 0 packets"))
    }

    /// `tlsprobe ARGS` in the background, its stdout and stderr in files; returns once it
    /// says it is capturing (or has exited).
    static func startLive(
        _ arguments: [String],
        in dir: TemporaryDirectory
    ) throws -> (process: Process, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Run.tlsprobePath)
        process.arguments = arguments
        let out = dir.write("live.out", "")
        let err = dir.write("live.err", "")
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline {
            if (try? String(contentsOfFile: err, encoding: .utf8))?.contains("Capturing on") == true { break }
            usleep(20_000)
        }
        return (process, out, err)
    }

    /// From a pipe (`tcpdump -w - | tlsprobe capture -r -`) or a FIFO a connection's report
    /// is written when the connection ends, while the input is still open: capture hands a
    /// regular file's reports to the workers several at a time, a pipe's one at a time.
    @Test(arguments: ["standard input", "FIFO"])
    func aPipesReportIsWrittenWhileThePipeIsOpen(source: String) throws {
        let t = SyntheticTLS.tls12(chain: [])
        var conversation = TCPConversation(clientPort: 40_000, serverPort: 443)
        var packets = conversation.open()
        packets += conversation.send(t.clientHello, from: .client)
        packets += conversation.send(t.serverFlight, from: .server)
        packets += conversation.close()
        let dir = TemporaryDirectory()
        let fifo = dir.path + "/capture.fifo"
        if source == "FIFO" { #expect(mkfifo(fifo, 0o600) == 0) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Run.tlsprobePath)
        process.arguments = ["capture", "-r", source == "FIFO" ? fifo : "-", "--json", "--fail-on", "never"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Opening a FIFO for writing waits for its reader: tlsprobe.
        let writer = source == "FIFO" ? try #require(FileHandle(forWritingAtPath: fifo)) : input.fileHandleForWriting
        defer {
            try? writer.close()
            try? input.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        try writer.write(contentsOf: CaptureWriter.file(.pcap, linkType: 1, packets: packets))
        // The input stays open: the report must come without more of it.
        let line = LineReader(output.fileHandleForReading).line(within: 20)
        #expect(
            line?.contains("\"client_hello\":{") == true,
            "\(source): no report while the input was open: \(line ?? "nothing")"
        )
    }

    static func wait(_ process: Process, seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func liveCaptureOnLoopback() throws {
        let pki = Self.pki
        let server = try pki.server()
        defer { server.stop() }
        let dir = TemporaryDirectory()
        let live = try Self.startLive(
            [
                "capture", "-i", "lo", "--filter", "tcp port \(server.port)", "--count", "1", "--json", "--duration",
                "30",
            ],
            in: dir
        )
        defer { if live.process.isRunning { live.process.terminate() } }
        // "Capturing on" is printed once the filter is set: this handshake is seen.
        try Run.process(
            "openssl",
            ["s_client", "-connect", server.address, "-tls1_2", "-brief"],
            stdin: Data("Q\n".utf8),
            timeout: 10
        )
        Self.wait(live.process, seconds: 15)
        let stdout = (try? String(contentsOfFile: live.stdout, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: live.stderr, encoding: .utf8)) ?? ""
        #expect(!live.process.isRunning)
        #expect(live.process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("Capturing on interface lo"))
        #expect(stdout.contains("\"outcome\":\"established\""), "\(stdout)")
        #expect(stderr.contains("interface lo: 1 TLS connection reported"), "\(stderr)")
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func ctrlCStopsALiveCaptureWithASummary() throws {
        let dir = TemporaryDirectory()
        let quiet = try ReservedPort()
        let live = try Self.startLive(["capture", "-i", "lo", "--filter", "tcp port \(quiet.port)"], in: dir)
        defer { if live.process.isRunning { kill(live.process.processIdentifier, SIGKILL) } }
        kill(live.process.processIdentifier, SIGINT)
        Self.wait(live.process, seconds: 5)
        #expect(!live.process.isRunning, "a quiet interface must not block the stop")
        let stderr = (try? String(contentsOfFile: live.stderr, encoding: .utf8)) ?? ""
        #expect(live.process.terminationStatus == 0)
        #expect(stderr.contains("interface lo (stopped): 0 TLS connections reported"), "\(stderr)")
    }

    @Test func unreadableInputsAndUsage() throws {
        let dir = TemporaryDirectory()
        let missing = try Run.tlsprobe(["capture", "-r", dir.file("nope.pcap")])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("Error: "))
        let notPcap = try Run.tlsprobe(["capture", "-r", dir.write("text.pcap", "hello, this is not a capture\n")])
        #expect(notPcap.status == 2)
        let noInterface = try Run.tlsprobe(["capture", "-i", "tlsprobe-no-such-if0", "--duration", "1"])
        #expect(noInterface.status == 2, "\(noInterface.stderr)")
        let badFilter = try Run.tlsprobe(
            ["capture", "-r", "-", "--filter", "tcp port banana"],
            stdin: CaptureWriter.file(linkType: 1, packets: [])
        )
        #expect(badFilter.status == 2)
        #expect(badFilter.stderr.contains("--filter"))
        let empty = try Run.tlsprobe(
            ["capture", "-r", "-"],
            stdin: CaptureWriter.file(.pcapng, linkType: 276, packets: [])
        )
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("0 TLS connections reported; 0 packets"))
        #expect(try Run.tlsprobe(["capture"]).status == 64)
        #expect(try Run.tlsprobe(["capture", "-r", "a.pcap", "-i", "lo"]).status == 64)
        #expect(try Run.tlsprobe(["capture", "-r", "a.pcap", "--duration", "5"]).status == 64)
        #expect(try Run.tlsprobe(["capture", "-r", "a.pcap", "--count", "0"]).status == 64)
        // A pcap file of an unsupported link type (USB, 189) is refused by name.
        var header = Data([0xD4, 0xC3, 0xB2, 0xA1, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 189, 0, 0, 0])
        header.append(Data(count: 0))
        let usb = try Run.tlsprobe(["capture", "-r", dir.write("usb.pcap", header)])
        #expect(usb.status == 2)
        #expect(usb.stderr.contains("link type 189"))
    }

    /// A packet longer than the file's snap length: libpcap's pcapng reader stops there with
    /// a read error, its pcap reader used to cut the packet silently and read on, so the same
    /// capture exited 2 as pcapng and 0 as pcap. Both now stop at it alike: first in the
    /// file, nothing was read (exit 2); after other packets, what was read is reported
    /// (exit 0) with the same "reading stopped early" line.
    @Test(arguments: [CaptureWriter.Format.pcap, .pcapng])
    func aPacketLongerThanTheSnapLengthStopsPcapAndPcapngAlike(format: CaptureWriter.Format) throws {
        let dir = TemporaryDirectory()
        let small = CaptureWriter.Packet(time: 1, bytes: [UInt8](repeating: 0, count: 60))
        let big = CaptureWriter.Packet(time: 2, bytes: [UInt8](repeating: 0, count: 200))
        func file(_ name: String, _ packets: [CaptureWriter.Packet]) -> String {
            var data = [UInt8](CaptureWriter.file(format, linkType: 1, packets: packets))
            // The snap length: 100 (pcap: file header offset 16; pcapng: the IDB's, offset 40).
            let offset = format == .pcap ? 16 : 40
            data.replaceSubrange(offset..<offset + 4, with: [100, 0, 0, 0])
            return dir.write(name, Data(data))
        }
        let error = "invalid packet capture length 200, bigger than snaplen of 100"
        let first = try Run.tlsprobe(["capture", "-r", file("first", [big, small])])
        #expect(first.status == 2, "\(first.stderr)")
        #expect(first.stderr.contains("reading stopped early: \(error)"), "\(first.stderr)")
        #expect(first.stderr.contains("Error: "), "\(first.stderr)")
        let middle = try Run.tlsprobe(["capture", "-r", file("middle", [small, big, small])])
        #expect(middle.status == 0, "\(middle.stderr)")
        #expect(middle.stderr.contains("1 packets"), "\(middle.stderr)")
        #expect(middle.stderr.contains("reading stopped early: \(error)"), "\(middle.stderr)")
        #expect(!middle.stderr.contains("Error: "), "\(middle.stderr)")
        // Further in: the records before it are counted, not located one by one.
        let later = try Run.tlsprobe(["capture", "-r", file("later", [small, small, small, big, small])])
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stderr.contains("3 packets"), "\(later.stderr)")
        #expect(later.stderr.contains("reading stopped early: \(error)"), "\(later.stderr)")
    }

    /// `--brief`: one line per connection (where, version, verdict and how it ended, the
    /// worst finding), then a table of outcomes, servers and finding codes.
    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func briefIsOneLinePerConnectionAndATable() throws {
        let file = try Self.serverCapture()
        let result = try Run.tlsprobe([
            "capture", "-r", file, "--brief", "--anchor", Self.pki.root, "--host", "localhost", "--fail-on", "never",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count >= 9, "\(result.stdout)")
        let connections = Array(lines.prefix(4))
        #expect(connections.allSatisfy { $0.contains(" → 127.0.0.1:") }, "\(connections)")
        // TLS 1.3 without a key log: its chain was encrypted.
        #expect(
            connections[0].contains("TLSv1.2  CONNECTS, chain trusted")
                && connections[1].contains("TLSv1.3  CONNECTS, chain not evaluated"),
            "\(connections)"
        )
        #expect(
            connections[2].contains("handshake failed") && connections[3].contains("handshake failed"),
            "\(connections)"
        )
        #expect(lines[4].isEmpty && lines[5] == "Summary of 4 connections", "\(lines)")
        #expect(
            lines[6].hasPrefix("  outcome   ") && lines[6].contains("established 2") && lines[6].contains("failed 2"),
            "\(lines[6])"
        )
        #expect(lines[7].hasPrefix("  server    127.0.0.1:") && lines[7].hasSuffix(" 4"), "\(lines[7])")
        #expect(lines[8].hasPrefix("  findings  "), "\(lines[8])")
        // The same exit status as the full report, and --brief is text only.
        let failing = try Run.tlsprobe([
            "capture", "-r", file, "--brief", "--anchor", Self.pki.root, "--host", "localhost",
        ])
        let full = try Run.tlsprobe(["capture", "-r", file, "--anchor", Self.pki.root, "--host", "localhost"])
        #expect(failing.status == full.status)
        let json = try Run.tlsprobe(["capture", "-r", file, "--brief", "--json"])
        #expect(json.status == 64 && json.stderr.contains("give one of --brief and --json"), "\(json.stderr)")
    }

    /// A capture made with a short snap length (`tcpdump -s 96`, `editcap -s 200`) keeps
    /// only the start of every packet, so each handshake record is cut. Every connection is
    /// still reported (their SYNs are there: they did not begin before the capture), each
    /// says that the snap length cut its handshake, and nothing the cut hid is read as a
    /// refusal: not a TLS 1.3 session ticket cut short (so "no ticket, the server refused"),
    /// not a TLS 1.2 encrypted alert whose ChangeCipherSpec was cut away (so "13 alerts").
    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment), arguments: [96, 200])
    func aShortSnapLengthIsNamedAsWhatCutTheHandshake(snap: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: try Self.serverCapture()))
        let (linkType, packets) = try #require(CaptureWriter.packets(inPcap: data))
        let cut = packets.map {
            CaptureWriter.Packet(time: $0.time, bytes: Array($0.bytes.prefix(snap)), wireLength: $0.wireLength)
        }
        let file = Self.pki.dir.write(
            "snap-\(snap).pcap",
            CaptureWriter.file(linkType: linkType, packets: cut, snapLength: UInt32(snap))
        )
        let result = try Run.tlsprobe([
            "capture", "-r", file, "--json", "--anchor", Self.pki.root, "--host", "localhost", "--fail-on", "never",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("began before the capture"), "\(result.stderr)")
        let lines = try Self.lines(result)
        try #require(lines.count == 4, "\(result.stdout)\n\(result.stderr)")
        for (index, line) in lines.enumerated() {
            let findings = line["findings"] as? [[String: Any]] ?? []
            let truncated = findings.first { $0["code"] as? String == "capture.truncated" }
            let message = truncated?["message"] as? String ?? ""
            #expect(message.contains("snap length") && message.contains("handshake"), "connection \(index): \(message)")
            #expect(
                (truncated?["evidence"] as? [String: Any])?["snap_length"] as? Int == snap,
                "connection \(index): \(truncated ?? [:])"
            )
            for alert in findings where alert["code"] as? String == "capture.alert" {
                let read = (alert["evidence"] as? [String: Any])?["alert"] as? [String: Any]
                #expect(
                    read.map { $0["name"] is String } ?? true,
                    "connection \(index): an alert read from cut bytes: \(alert)"
                )
            }
        }
        // The two accepted connections were not refused, and no alert, plaintext or
        // encrypted, is read into them.
        for line in lines.prefix(2) {
            #expect(line["outcome"] as? String != "failed", "\(line)")
            #expect(!JSONFindings.codes(line).contains("capture.alert"), "\(line)")
        }
        if snap == 200 {
            // The TLS 1.3 server's session tickets are cut but their records are there.
            #expect(lines[1]["outcome"] as? String == "established", "\(lines[1])")
        }
    }

    /// IPv4 fragments of a TCP datagram are put back together and read as one segment; a
    /// fragment whose datagram never becomes whole is counted by name among the skipped
    /// packets, so bytes that came in it are not taken for bytes never captured.
    @Test func ipFragmentsAreReassembledOrNamedInTheSummary() throws {
        // Raw IPv4 (LINKTYPE_IPV4): a TCP packet's first fragment (more fragments) and its
        // second (offset 24 bytes), an ordinary TCP SYN, and a lone first fragment of a
        // datagram whose rest never comes.
        func ipv4(id: UInt8 = 0x34, fragment: UInt16, payload: [UInt8]) -> [UInt8] {
            let total = UInt16(20 + payload.count)
            return [
                0x45, 0, UInt8(total >> 8), UInt8(total & 0xFF), 0x12, id, UInt8(fragment >> 8), UInt8(fragment & 0xFF),
                64, 6, 0, 0, 127, 0, 0, 1, 127, 0, 0, 1,
            ] + payload
        }
        let tcpSYN: [UInt8] = [0x9c, 0x40, 0x01, 0xbb, 0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x02, 0xff, 0xff, 0, 0, 0, 0]
        let packets = [
            CaptureWriter.Packet(
                time: 1,
                bytes: ipv4(fragment: 0x2000, payload: tcpSYN + [UInt8](repeating: 0x16, count: 4))
            ),
            CaptureWriter.Packet(
                time: 1.1,
                bytes: ipv4(fragment: 0x0003, payload: [UInt8](repeating: 0x03, count: 16))
            ),
            CaptureWriter.Packet(time: 1.2, bytes: ipv4(fragment: 0, payload: tcpSYN)),
            CaptureWriter.Packet(
                time: 1.3,
                bytes: ipv4(id: 0x35, fragment: 0x2000, payload: tcpSYN + [UInt8](repeating: 0x16, count: 4))
            ),
        ]
        let result = try Run.tlsprobe(
            ["capture", "-r", "-"],
            stdin: CaptureWriter.file(linkType: 228, packets: packets)
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "4 packets, 2 TCP (1 reassembled from 2 IP fragments), 1 skipped (not TCP/IP; 1 of them IP fragment, not reassembled), 0 malformed"
            ),
            "\(result.stderr)"
        )
    }

    /// A capture whose IPv4 packets a router fragmented (every packet over 300 bytes cut
    /// into fragments of 256 bytes, sent last fragment first) reports exactly what the
    /// unfragmented capture reports. Before reassembly, connections lost their hellos and
    /// chains ("the client's first bytes were not captured").
    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func fragmentedPacketsReportLikeWholeOnes() throws {
        let original = try Self.serverCapture()
        let data = try Data(contentsOf: URL(fileURLWithPath: original))
        let (linkType, packets) = try #require(CaptureWriter.packets(inPcap: data))
        try #require(linkType == 1)
        var fragmented: [CaptureWriter.Packet] = []
        var fragments = 0
        for packet in packets {
            let b = packet.bytes
            guard b.count > 14 + 300, b[12] == 0x08, b[13] == 0x00 else {
                fragmented.append(packet)
                continue
            }
            let header = Array(b[14..<(14 + Int(b[14] & 0x0F) * 4)])
            let payload = Array(b[(14 + header.count)...])
            var pieces: [CaptureWriter.Packet] = []
            for offset in stride(from: 0, to: payload.count, by: 256) {
                let piece = Array(payload[offset..<min(payload.count, offset + 256)])
                var h = header
                let total = h.count + piece.count
                h[2] = UInt8(total >> 8)
                h[3] = UInt8(total & 0xFF)
                let field = UInt16(offset / 8) | (offset + 256 < payload.count ? 0x2000 : 0)
                h[6] = UInt8(field >> 8)
                h[7] = UInt8(field & 0xFF)
                pieces.append(CaptureWriter.Packet(time: packet.time, bytes: Array(b[0..<14]) + h + piece))
            }
            fragments += pieces.count
            fragmented += pieces.reversed()
        }
        try #require(fragments > 10)
        let file = Self.pki.dir.write("fragmented.pcap", CaptureWriter.file(linkType: 1, packets: fragmented))
        let arguments = ["--json", "--anchor", Self.pki.root, "--host", "localhost", "--fail-on", "never"]
        let whole = try Run.tlsprobe(["capture", "-r", original] + arguments)
        let result = try Run.tlsprobe(["capture", "-r", file] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == whole.stdout, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("reassembled from \(fragments) IP fragments)"), "\(result.stderr)")
        #expect(!result.stderr.contains("not reassembled"), "\(result.stderr)")
    }

    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment)) func truncatedFileReportsWhatWasRead()
        throws
    {
        let file = try Self.serverCapture()
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        // Cut in the middle of the first connection's server flight.
        let cut = Self.pki.dir.write("cut.pcap", data.prefix(1_400))
        let result = try Run.tlsprobe(["capture", "-r", cut, "--json", "--fail-on", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("reading stopped early"))
        let lines = try Self.lines(result)
        #expect(lines.count == 1)
        #expect(JSONFindings.codes(lines.first ?? [:]).contains("capture.truncated"))
    }
}

/// Reads the first line a process writes, waiting at most a given time (on another thread,
/// so a process that writes nothing cannot hang the test).
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) { self.handle = handle }

    func line(within seconds: Double) -> String? {
        DispatchQueue.global().async {
            while true {
                let chunk = self.handle.availableData
                if chunk.isEmpty { break }
                self.buffer.append(chunk)
                if self.buffer.contains(UInt8(ascii: "\n")) { break }
            }
            self.done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success,
            let end = buffer.firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }
}
