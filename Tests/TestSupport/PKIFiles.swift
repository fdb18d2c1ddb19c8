import Foundation

/// A test PKI written to files in its own temporary directory (removed with the value), for
/// the binary, `openssl s_server`/`s_client` or curl to read: root.pem, intermediate.pem,
/// leaf.pem and leaf.key, each written when first asked for. By default the chain is
/// `TestPKI.liveChain` for printer.local, 127.0.0.1 and ::1, valid now (live handshakes are
/// judged now). Suites that need more files subclass it or call `files`/`client`.
open class PKIFiles: @unchecked Sendable {
    public let dir = TemporaryDirectory()
    public let chain: TestPKI.Chain

    public init(chain: TestPKI.Chain) { self.chain = chain }

    /// `TestPKI.liveChain(host:ips:)`: "Test Root CA" → "Test Intermediate CA" → `host`.
    public convenience init(host: String = "printer.local", ips: [String] = ["127.0.0.1", "::1"]) {
        self.init(chain: TestPKI.liveChain(host: host, ips: ips))
    }

    public lazy var root = dir.write("root.pem", chain.root.pem)
    public lazy var intermediate = dir.write("intermediate.pem", chain.intermediate.pem)
    public lazy var leaf = dir.write("leaf.pem", chain.leaf.pem)
    public lazy var key = dir.write("leaf.key", chain.leaf.keyPEM)

    /// The leaf as a `listen` identity: `--cert leaf.pem --key leaf.key --chain intermediate.pem`.
    public var identity: [String] { ["--cert", leaf, "--key", key, "--chain", intermediate] }

    /// Writes `issued`'s certificate (then those of `extra`) to NAME.pem and its key to
    /// NAME.key; returns both paths.
    public func files(
        _ name: String,
        _ issued: TestPKI.Issued,
        chain extra: [TestPKI.Issued] = []
    ) -> (cert: String, key: String) {
        (dir.write(name + ".pem", ([issued] + extra).map(\.pem).joined()), dir.write(name + ".key", issued.keyPEM))
    }

    /// Issues a client certificate valid now (`spec`, default `.client(name)`) by `issuer`
    /// (default: the intermediate) and writes it and its key as NAME.pem and NAME.key.
    public func client(
        _ name: String,
        by issuer: TestPKI.Issued? = nil,
        spec: TestPKI.Spec? = nil
    ) -> (cert: String, key: String) {
        files(name, TestPKI.issueLive(spec ?? .client(name), by: issuer ?? chain.intermediate))
    }

    /// `openssl s_server` with the leaf (or `leaf`) and `chain` (default with our leaf: the
    /// intermediate), on a port reserved for it (or on `port`, a stopped server's).
    public func server(
        _ extra: [String] = [],
        chain: String? = nil,
        ipv6: Bool = false,
        leaf: (cert: String, key: String)? = nil,
        port: ReservedPort? = nil
    ) throws -> OpenSSLServer {
        try OpenSSLServer(
            cert: leaf?.cert ?? self.leaf,
            key: leaf?.key ?? key,
            chain: leaf == nil ? (chain ?? intermediate) : chain,
            extra: extra,
            ipv6: ipv6,
            port: port
        )
    }
}
