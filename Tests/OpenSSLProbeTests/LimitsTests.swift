import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import OpenSSLProbe
@testable import LiveNetwork
@testable import SafeFiles

#if canImport(Glibc)
import Glibc
#endif

/// The loaders' and listen's bounds (man page, LIMITS), each reached by a file or peer made
/// to reach it: key-derivation work, PKCS#12 bags and nesting, file and directory sizes,
/// the HTTP request head, connections served at once. The 16 MiB credential file is in
/// CredentialFileTests.
@Suite struct LimitsTests {
    static let password: PasswordProvider = { _ in "pw" }

    // MARK: key derivation work

    @Test func moreThanTenMillionPBKDF2IterationsAreRefusedBeforeAnyWork() throws {
        #expect(PBEAlgorithm.maximumIterations == 10_000_000)
        for (iterations, refused) in [(10_000_000, false), (10_000_001, true), (Int(Int32.max), true)] {
            let kdf = D.seq(
                D.oid("1.2.840.113549.1.5.12"),
                D.seq(
                    D.octets([UInt8](repeating: 1, count: 8)),
                    D.integer(iterations),
                    D.seq(D.oid("1.2.840.113549.2.9"), [0x05, 0x00])
                )
            )
            let bytes = D.encryptedKey(kdf: kdf)
            if !refused {
                // At the cap the derivation is attempted: not run here (seconds of work), only read.
                continue
            }
            let started = Date()
            let error = loadError { () throws(LoadError) in
                try CredentialFile.load(bytes: bytes, name: "slow.der", expecting: .privateKey, password: Self.password)
            }
            #expect(Date().timeIntervalSince(started) < 1)
            #expect(
                error?.description.contains(
                    "\(iterations) iterations is more than tlsprobe will compute (at most 10000000)"
                ) == true,
                "\(String(describing: error))"
            )
        }
    }

    // MARK: key derivation work per file

    /// PBKDF2-params with `iterations` and HMAC-SHA256.
    static func pbkdf2(_ iterations: Int) -> [UInt8] {
        D.seq(
            D.oid("1.2.840.113549.1.5.12"),
            D.seq(
                D.octets([UInt8](repeating: 1, count: 8)),
                D.integer(iterations),
                D.seq(D.oid("1.2.840.113549.2.9"), [0x05, 0x00])
            )
        )
    }

    @Test func pkcs12DerivationsPastTheFileBudgetAreRefusedBeforeAnyWork() throws {
        #expect(PBEAlgorithm.maximumTotalIterations == 20_000_000)
        // 50 shrouded keys, each at the per-derivation cap: 5 × 10^8 iterations in all, a
        // minute and more of work for each password tried, in a 15 KB file.
        let bag = D.seq(D.oid("1.2.840.113549.1.12.10.1.2"), D.explicit0(D.encryptedKey(kdf: Self.pbkdf2(10_000_000))))
        let bytes = D.pkcs12(safes: [Array(repeating: bag, count: 50)])
        #expect(bytes.count < 16_000)
        let started = Date()
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(bytes: bytes, name: "bags.p12", expecting: .privateKey, password: Self.password)
        }
        #expect(Date().timeIntervalSince(started) < 1 * Slowness.factor)
        #expect(error?.kind == .malformed)
        #expect(
            error?.description.contains(
                "bags.p12: the PKCS#12 file's key derivations add up to more than 20000000 iterations"
            ) == true,
            "\(String(describing: error))"
        )
    }

    @Test func thePKCS12BudgetCountsEveryDerivationRunForEveryPasswordTried() throws {
        let scratch = try Scratch()
        _ = try PKCS12Tests.export("id.p12", ["-passout", "pass:s3cret"], in: scratch, chain: TestPKI.chain())
        let bytes = try scratch.read("id.p12")
        // MAC, certificate safe and shrouded key at 2048 iterations each: 6144 in one pass.
        // The empty and the null password cost a MAC each (4096), the given one then the
        // MAC (6144), the certificate safe (8192) and the key (10240).
        let cases: [(budget: Int, refusedBefore: String?)] = [
            (6143, "any derivation (6144 iterations in one pass)"), (8191, "PKCS#12 safe 1"),
            (10239, "the private key in PKCS#12 bag"), (10240, nil),
        ]
        for (budget, refusedBefore) in cases {
            let p12 = try #require(PKCS12Reader.parse(bytes))
            do {
                let (contents, details) = try PKCS12Reader.read(
                    p12,
                    name: "id.p12",
                    password: PasswordProbe("s3cret").provider,
                    iterationBudget: budget
                )
                #expect(refusedBefore == nil, "budget \(budget) opened the file")
                #expect(details.decrypted && contents.keys.count == 1)
            } catch {
                #expect(refusedBefore != nil, "budget \(budget): \(error)")
                #expect(error.description.contains("more than \(budget) iterations"), "\(error)")
                #expect(
                    error.description.hasSuffix("refused before \(refusedBefore ?? "")")
                        || error.description.contains("refused before \(refusedBefore ?? "")"),
                    "\(error)"
                )
                #expect(error.kind == .malformed)
            }
        }
    }

    @Test func scryptWorkPast2To25IsRefused() throws {
        #expect(PBEAlgorithm.maximumScryptWork == 1 << 25)
        let kdf = D.seq(
            D.oid("1.3.6.1.4.1.11591.4.11"),
            D.seq(D.octets([UInt8](repeating: 1, count: 8)), D.integer(1 << 20), D.integer(64), D.integer(1))
        )
        let started = Date()
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(
                bytes: D.encryptedKey(kdf: kdf),
                name: "scrypt.der",
                expecting: .privateKey,
                password: Self.password
            )
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(
            error?.description.contains("scrypt parameters N=1048576 r=64 p=1 ask for more work than tlsprobe will do")
                == true,
            "\(String(describing: error))"
        )
    }

    @Test func aPKCS12MACPastTenMillionIterationsIsRefused() throws {
        let scratch = try Scratch()
        let chain = TestPKI.chain()
        try scratch.write("leaf.pem", chain.leaf.pem)
        try scratch.write("leaf.key", chain.leaf.keyPEM)
        try OpenSSLTool.run(
            ["pkcs12", "-export", "-in", "leaf.pem", "-inkey", "leaf.key", "-out", "id.p12", "-passout", "pass:pw"],
            in: scratch
        )
        var bytes = try scratch.read("id.p12")
        // MacData ends the file: SEQUENCE { DigestInfo, OCTET STRING salt, INTEGER 2048 }.
        #expect(Array(bytes.suffix(4)) == [0x02, 0x02, 0x08, 0x00])
        bytes.removeLast(4)
        bytes += [0x02, 0x04, 0x7F, 0xFF, 0xFF, 0xFF]
        let fixed = try Self.relength(bytes)
        let started = Date()
        let error = loadError { () throws(LoadError) in
            try CredentialFile.load(bytes: fixed, name: "id.p12", expecting: .anything, password: Self.password)
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(
            error?.description
                == "id.p12: the PKCS#12 MAC asks for 2147483647 iterations, more than tlsprobe will compute (at most 10000000)",
            "\(String(describing: error))"
        )
    }

    /// `der` after its last INTEGER grew by 2 bytes: the enclosing MacData and PFX lengths,
    /// both in 2-byte long form, grow too.
    static func relength(_ der: [UInt8]) throws -> [UInt8] {
        var bytes = der
        try #require(bytes[0] == 0x30 && bytes[1] == 0x82)
        let pfxLength = (Int(bytes[2]) << 8 | Int(bytes[3])) + 2
        bytes[2] = UInt8(pfxLength >> 8)
        bytes[3] = UInt8(pfxLength & 0xFF)
        // MacData: the SEQUENCE (short length) that starts with a DigestInfo SEQUENCE and
        // ended where the old INTEGER did.
        var macStart: Int?
        for index in 4..<(bytes.count - 4) where bytes[index] == 0x30 && bytes[index + 2] == 0x30 {
            let length = Int(bytes[index + 1])
            if length < 0x80 && index + 2 + length == bytes.count - 2 { macStart = index }
        }
        let start = try #require(macStart)
        bytes[start + 1] += 2
        return bytes
    }

    // MARK: PKCS#12 structure

    @Test func atMostTenThousandPKCS12BagsAreRead() throws {
        #expect(PKCS12Reader.maximumBags == 10_000)
        // One safe of 10,001 bags: the first 10,000 are read.
        let one = try CredentialFile.load(
            bytes: D.pkcs12(safes: [Array(repeating: D.secretBag, count: 10_001)]),
            name: "bags.p12",
            expecting: .anything,
            password: Self.password
        )
        #expect(one.other.count == 10_000)
        // Two safes of 5,001: past 10,000 in all, the file is refused.
        let two = loadError { () throws(LoadError) in
            try CredentialFile.load(
                bytes: D.pkcs12(safes: Array(repeating: Array(repeating: D.secretBag, count: 5_001), count: 2)),
                name: "bags.p12",
                expecting: .anything,
                password: Self.password
            )
        }
        #expect(
            two?.description.contains("the PKCS#12 file holds more than 10000 bags") == true,
            "\(String(describing: two))"
        )
    }

    @Test func pkcs12BagsNestAtMostFourDeep() throws {
        #expect(PKCS12Reader.maximumNesting == 4)
        func nested(_ depth: Int) -> [UInt8] {
            var bag = D.secretBag
            for _ in 0..<depth { bag = D.safeContentsBag([bag]) }
            return D.pkcs12(safes: [[bag]])
        }
        let four = try CredentialFile.load(
            bytes: nested(4),
            name: "nested.p12",
            expecting: .anything,
            password: Self.password
        )
        #expect(four.other == ["secret in PKCS#12 bag 5"])
        let five = loadError { () throws(LoadError) in
            try CredentialFile.load(bytes: nested(5), name: "nested.p12", expecting: .anything, password: Self.password)
        }
        #expect(five?.description.contains("PKCS#12 bags nest more than 4 deep") == true, "\(String(describing: five))")
    }

    // MARK: files and directories

    @Test func aKnownHostsFilePastFourMiBIsRefused() throws {
        #expect(KnownHostsFile.maximumSize == 4 << 20)
        let dir = TemporaryDirectory()
        let path = dir.write("known_hosts", Data(repeating: 0x23, count: (4 << 20) + 1))
        #expect(throws: KnownHostsFile.FileError.self) { try KnownHostsFile.read(path) }
        let fits = dir.write("fits", Data(repeating: 0x23, count: 4 << 20))
        #expect(try KnownHostsFile.read(fits).entries.isEmpty)
    }

    @Test func anAnchorDirectoryOfMoreThan20000EntriesIsRefused() throws {
        #expect(AnchorDirectory.maximumEntries == 20_000)
        let dir = TemporaryDirectory()
        for index in 0...20_000 {
            _ = FileManager.default.createFile(atPath: dir.file("note\(index).txt"), contents: nil)
        }
        let error = #expect(throws: LoadError.self) { try AnchorDirectory.load(path: dir.path) }
        #expect(error?.kind == .tooLarge)
        #expect(error?.description.contains("the directory holds 20001 entries; tlsprobe reads at most 20000") == true)
    }

    // MARK: listen

    @Test func anHTTPRequestHeadIsReadUpTo16KiB() {
        #expect(HTTPRequestHead.maximumSize == 16 * 1024)
        let start = Array("GET / HTTP/1.1\r\nHost: printer.local\r\nX-Padding: ".utf8)
        let under = start + [UInt8](repeating: 0x61, count: 16 * 1024 - start.count - 1)
        #expect(HTTPRequestHead.read(under) == .needMore)
        let at = start + [UInt8](repeating: 0x61, count: 16 * 1024 - start.count)
        #expect(HTTPRequestHead.read(at) == .notHTTP, "a head that does not end within 16 KiB is not answered")
    }

    @Test func atMostMaxConnectionsAreServedAtOnce() throws {
        #expect(ListenOptions(identity: try Self.identity(), ephemeral: true).maxConnections == 64)
        // Two at a time, four clients that say nothing, a 1 s timeout: two waves of reports.
        let reserved = try ReservedPort()
        let port = reserved.port
        let bound = try TLSServer.bind(ListenAddress(host: "127.0.0.1", port: port), timeout: 1)
        let server = try TLSServer(
            bound: bound,
            options: ListenOptions(identity: try Self.identity(), ephemeral: true, timeout: 1, maxConnections: 2)
        )
        let reportTimes = Mutex<[Date]>([])
        let done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            _ = server.serve(
                count: 4,
                duration: 20,
                page: { _ in "" },
                report: { _ in reportTimes.withLock { $0.append(Date()) } }
            )
            done.leave()
        }
        let started = Date()
        var sockets: [Int32] = []
        for _ in 0..<4 {
            sockets.append(loopbackConnect(port: port))
        }
        defer { sockets.forEach { close($0) } }
        #expect(done.wait(timeout: .now() + 15) == .success)
        let times = reportTimes.withLock { $0 }.map { $0.timeIntervalSince(started) }.sorted()
        #expect(times.count == 4)
        guard times.count == 4 else { return }
        #expect(times[1] < 1.8, "the first two are served at once: \(times)")
        #expect(times[2] >= 1.8, "the next two wait for a free slot: \(times)")
    }

    static func identity() throws -> TLSIdentity {
        try EphemeralIdentity.make(dns: ["printer.local"], ips: ["127.0.0.1"])
    }
}

/// DER by hand, for files no tool writes.
private enum D {

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let n = content.count
        let length: [UInt8] =
            n < 0x80
            ? [UInt8(n)]
            : n < 0x100
                ? [0x81, UInt8(n)]
                : n < 0x10000
                    ? [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
                    : [0x83, UInt8(n >> 16), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        return [tag] + length + content
    }
    static func seq(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    static func octets(_ bytes: [UInt8]) -> [UInt8] { tlv(0x04, bytes) }
    static func explicit0(_ content: [UInt8]) -> [UInt8] { tlv(0xA0, content) }
    static func integer(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var v = value
        repeat {
            bytes.insert(UInt8(v & 0xFF), at: 0)
            v >>= 8
        } while v > 0
        if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return tlv(0x02, bytes)
    }
    static func oid(_ dotted: String) -> [UInt8] {
        let arcs = dotted.split(separator: ".").compactMap { Int($0) }
        var body = [UInt8(arcs[0] * 40 + arcs[1])]
        for arc in arcs.dropFirst(2) {
            var chunk = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                chunk.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            body += chunk
        }
        return tlv(0x06, body)
    }

    /// EncryptedPrivateKeyInfo (RFC 5958) under PBES2 with `kdf`, AES-256-CBC, junk ciphertext.
    static func encryptedKey(kdf: [UInt8]) -> [UInt8] {
        seq(
            seq(
                oid("1.2.840.113549.1.5.13"),
                seq(kdf, seq(oid("2.16.840.1.101.3.4.1.42"), octets([UInt8](repeating: 7, count: 16))))
            ),
            octets([UInt8](repeating: 0x5A, count: 48))
        )
    }

    /// A PFX without a MAC whose one data safe holds `bags` (SafeBag DER each).
    static func pkcs12(safes: [[[UInt8]]]) -> [UInt8] {
        let data = oid("1.2.840.113549.1.7.1")
        let contentInfos = safes.map { bags in seq(data, explicit0(octets(seq(bags.flatMap { $0 })))) }
        return seq(integer(3), seq(data, explicit0(octets(seq(contentInfos.flatMap { $0 })))))
    }

    /// SafeBag { secretBag, [0] SecretBag { type, [0] OCTET STRING } }.
    static let secretBag = seq(
        oid("1.2.840.113549.1.12.10.1.5"),
        explicit0(seq(oid("1.2.3.4"), explicit0(octets([1]))))
    )

    /// SafeBag { safeContentsBag, [0] SafeContents } around `inner`.
    static func safeContentsBag(_ inner: [[UInt8]]) -> [UInt8] {
        seq(oid("1.2.840.113549.1.12.10.1.6"), explicit0(seq(inner.flatMap { $0 })))
    }
}
