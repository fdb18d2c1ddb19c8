import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files tlsprobe writes (`--known-hosts`, `--keylog`): never through a
/// symbolic link, only a regular file of our own that no one else may write, a FIFO or a
/// device refused without blocking, and concurrent runs that lose no known-hosts entry.
@Suite struct FilesWeWriteTests {
    /// Runs tlsprobe with a short bound: a run that blocks on a FIFO is killed (status -9).
    static func run(_ arguments: [String]) throws -> Run.Result {
        try Run.tlsprobe(arguments, timeout: 15)
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    @Test func aSymbolicLinkIsRefusedAndItsTargetIsUnchanged() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let target = pki.dir.write("target", "# mine\n")
        try FileManager.default.createSymbolicLink(atPath: pki.dir.file("known_hosts"), withDestinationPath: target)
        let known = try Self.run(["connect", server.address, "--known-hosts", pki.dir.file("known_hosts"), "--json"])
        #expect(known.status == 2)
        #expect(
            known.stderr.contains("--known-hosts \(pki.dir.file("known_hosts")): it is a symbolic link"),
            "\(known.stderr)"
        )
        #expect(Self.text(target) == "# mine\n", "the link's target is untouched")
        #expect(Self.isLink(pki.dir.file("known_hosts")), "the link stays a link")

        // A dangling link is refused, not created through.
        try FileManager.default.createSymbolicLink(
            atPath: pki.dir.file("dangling"),
            withDestinationPath: pki.dir.file("nowhere")
        )
        let dangling = try Self.run(["connect", server.address, "--known-hosts", pki.dir.file("dangling"), "--json"])
        #expect(dangling.status == 2)
        #expect(dangling.stderr.contains("it is a symbolic link"), "\(dangling.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pki.dir.file("nowhere")))

        let secrets = pki.dir.write("secrets-target", "untouched\n")
        try FileManager.default.createSymbolicLink(atPath: pki.dir.file("keys.log"), withDestinationPath: secrets)
        let keyLog = try Self.run(["connect", server.address, "--keylog", pki.dir.file("keys.log"), "--json"])
        #expect(keyLog.status == 2)
        #expect(
            keyLog.stderr.contains("--keylog \(pki.dir.file("keys.log")): it is a symbolic link"),
            "\(keyLog.stderr)"
        )
        #expect(Self.text(secrets) == "untouched\n")
    }

    @Test func aFIFOOrADeviceIsRefusedWithoutBlocking() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let fifo = pki.dir.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // A character device like /dev/null (1,3), made here: the test must never risk /dev/null itself.
        let device = pki.dir.file("null")
        let made = try Run.process("mknod", ["-m", "600", device, "c", "1", "3"])
        #expect(made.status == 0, "mknod (tests run as root): \(made.stderr)")

        for (option, path) in [
            ("--known-hosts", fifo), ("--known-hosts", device), ("--keylog", fifo), ("--keylog", device),
        ] {
            let started = Date()
            let result = try Self.run(["connect", server.address, option, path, "--json"])
            #expect(result.status == 2, "\(option) \(path): status \(result.status)")
            #expect(result.stderr.contains("\(option) \(path): not a regular file"), "\(result.stderr)")
            // Blocking would run into Run's 60 s timeout (status not 2); the bound scales as
            // the others do (none under AddressSanitizer on a loaded machine).
            #expect(Date().timeIntervalSince(started) < 10 * Slowness.factor)
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
        #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device is still a device")

        // listen opens its key log before it listens: refused at once too.
        let port = try ReservedPort()
        let listen = try Self.run(["listen", port.address] + pki.identity + ["--keylog", fifo])
        #expect(listen.status == 2, "listen --keylog FIFO: status \(listen.status)")
        #expect(listen.stderr.contains("not a regular file"), "\(listen.stderr)")
    }

    @Test func aFileOthersMayWriteOrAnotherUserOwnsIsRefused() throws {
        let pki = PKIFiles()
        let server = try pki.server()
        defer { server.stop() }
        let line = "other:1 sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= 2026-01-01T00:00:00Z\n"
        for (name, mode) in [("world", 0o666), ("group", 0o660)] as [(String, mode_t)] {
            let known = pki.dir.write("kh-\(name)", line)
            let keys = pki.dir.write("keys-\(name)", "")
            chmod(known, mode)
            chmod(keys, mode)
            let k = try Self.run(["connect", server.address, "--known-hosts", known, "--json"])
            #expect(k.status == 2, "\(name)-writable known-hosts: status \(k.status)")
            #expect(k.stderr.contains("--known-hosts \(known): writable by others"), "\(k.stderr)")
            #expect(Self.text(known) == line)
            let l = try Self.run(["connect", server.address, "--keylog", keys, "--json"])
            #expect(l.status == 2, "\(name)-writable key log: status \(l.status)")
            #expect(l.stderr.contains("--keylog \(keys): writable by others"), "\(l.stderr)")
            #expect(Self.text(keys) == "", "no secret written")
        }

        // Owned by another user (nobody), not writable by others: still refused.
        let known = pki.dir.write("kh-nobody", line)
        let keys = pki.dir.write("keys-nobody", "")
        #expect(chown(known, 65534, 65534) == 0 && chown(keys, 65534, 65534) == 0, "chown (tests run as root)")
        let k = try Self.run(["connect", server.address, "--known-hosts", known, "--json"])
        #expect(k.status == 2)
        #expect(k.stderr.contains("--known-hosts \(known): owned by uid 65534, not by you"), "\(k.stderr)")
        #expect(Self.text(known) == line)
        let l = try Self.run(["connect", server.address, "--keylog", keys, "--json"])
        #expect(l.status == 2)
        #expect(l.stderr.contains("--keylog \(keys): owned by uid 65534, not by you"), "\(l.stderr)")
        #expect(Self.text(keys) == "", "no secret written into another user's file")
    }

    /// 20 connects at once, each to a different `host:port` key (127.0.0.2…127.0.0.21 on
    /// one s_server listening on every address): every one is recorded.
    @Test func parallelConnectsLoseNoKnownHostsEntry() throws {
        let pki = PKIFiles()
        let reservation = try ReservedPort(host: "0.0.0.0")
        let server = try BackgroundProcess(
            "openssl",
            [
                "s_server", "-accept", "0.0.0.0:\(reservation.port)", "-cert", pki.leaf, "-key", pki.key,
                "-cert_chain", pki.intermediate, "-quiet",
            ]
        )
        defer { server.stop() }
        #expect(LoopbackPort.waitUntilListening(host: "127.0.0.2", port: reservation.port))
        let file = pki.dir.file("known_hosts")
        let hosts = (2...21).map { "127.0.0.\($0)" }
        let results = Mutex<[String: Run.Result]>([:])
        let group = DispatchGroup()
        for host in hosts {
            group.enter()
            Thread.detachNewThread {
                // 20 at once on 2 cores (and under AddressSanitizer, far slower): the process
                // gets far longer than the 15 s the blocking tests give it.
                let result = try? Run.tlsprobe(
                    ["connect", "\(host):\(reservation.port)", "--known-hosts", file, "--json", "--timeout", "20"],
                    timeout: 180
                )
                results.withLock { $0[host] = result }
                group.leave()
            }
        }
        group.wait()
        let statuses = results.withLock { $0 }
        for host in hosts {
            #expect(
                statuses[host].map { $0.status == 0 || $0.status == 1 } == true,
                "\(host): \(statuses[host]?.stderr ?? "did not run")"
            )
            #expect(statuses[host]?.stdout.contains("pin.first_use") == true, "\(host): each key is new")
        }
        let text = Self.text(file) ?? ""
        let recorded = Set(
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: " ")[0]) }
        )
        #expect(recorded == Set(hosts.map { "\($0):\(reservation.port)" }), "recorded: \(recorded.sorted())")
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("#") }.count == 1, "one header")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: pki.dir.path).filter { $0.hasPrefix(".known_hosts") }
                .isEmpty,
            "no temporary file left behind"
        )
    }
}
