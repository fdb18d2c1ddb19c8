import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel
import TLSWire
import LiveNetwork

extension TLSClient {
    /// The versions a fallback may try, newest first: each one older than the oldest the
    /// first handshake offered (TLS 1.2 too, after a `--min-version 1.3` handshake). SSL 3.0
    /// is not among them: Debian's OpenSSL 3 is built without it (`no-ssl3`), so it cannot
    /// be offered at all.
    public static let fallbackVersions: [ProtocolVersion] = [.tls12, .tls11, .tls10]

    /// Every cipher suite OpenSSL has but the anonymous and null ones, at security level 0:
    /// what the version probes and the cipher fallback offer.
    public static let wideCipherList = "ALL:!aNULL:!eNULL:@SECLEVEL=0"

    /// After a first handshake that failed on the cipher suite: the same versions offered
    /// again (`minVersion`–`maxVersion`), with every suite OpenSSL has (`wideCipherList`)
    /// and `options` otherwise, so the suite the server insists on is seen and its chain
    /// can be judged. OpenSSL's own ClientHello, never `options.clientHello`'s.
    public static func cipherFallback(
        _ target: DialTarget,
        options: HandshakeOptions,
        minVersion: ProtocolVersion,
        maxVersion: ProtocolVersion
    ) throws(ConnectFailure) -> LiveHandshake {
        let addresses = try Resolver.resolve(target, timeout: options.timeout)
        let settings = ClientSettings(
            sni: options.sni,
            alpn: options.alpn,
            minVersion: minVersion,
            maxVersion: maxVersion,
            timeout: options.timeout,
            identity: options.identity,
            keyLog: options.keyLog,
            cipherList: wideCipherList,
            readAfterHandshake: true,
            upgrade: options.upgrade,
            upgradeHost: options.upgradeHost ?? target.host,
            requestOCSP: true,
            ocspIssuers: options.ocspIssuers
        )
        return try handshake(target, addresses: addresses, settings: settings)
    }

    /// How long each fallback probe may take at most: an old accessory answers at once or
    /// not at all, and the fallback must not double the run's time.
    static let fallbackProbeTimeout: TimeInterval = 3

    /// After a first handshake that failed on the version: offers each version of
    /// `fallbackVersions` older than `below` alone (concurrently, security level 0, short
    /// deadlines), or reads what `known` probes (`--versions`) found, then completes a
    /// handshake at the newest one the server accepted, with `options` otherwise, so its
    /// chain can be judged. The handshake is nil when the server accepted none.
    public static func fallback(
        _ target: DialTarget,
        options: HandshakeOptions,
        below: ProtocolVersion,
        known: [VersionProbe]?
    ) throws(ConnectFailure) -> (handshake: LiveHandshake?, probes: [VersionProbe]) {
        let addresses = try Resolver.resolve(target, timeout: options.timeout)
        let versions = fallbackVersions.filter { $0 < below }
        let upgrade = ClientSettings(
            sni: options.sni,
            alpn: [],
            minVersion: .tls10,
            maxVersion: .tls10,
            timeout: options.timeout,
            identity: nil,
            keyLog: nil,
            cipherList: "",
            readAfterHandshake: false,
            upgrade: options.upgrade,
            upgradeHost: options.upgradeHost ?? target.host
        )
        var probes: [VersionProbe]
        if let known, versions.allSatisfy({ version in known.contains { $0.version == version } }) {
            probes = known.filter { versions.contains($0.version) }
        } else {
            let slots = ResultSlots<VersionProbe>(count: versions.count)
            let finished = DispatchGroup()
            // One SSL_CTX for the probes at once, as for --versions (`ClientSettings.sharedContext`).
            let shared = try? SSLContextSetup.make(
                .client,
                minVersion: .tls10,
                maxVersion: .tls12,
                cipherList: wideCipherList,
                keyLog: false
            )
            for (index, version) in versions.enumerated() {
                finished.enter()
                SystemCall.runBeside {
                    defer { finished.leave() }
                    slots.set(
                        index,
                        probe(
                            version,
                            target: target,
                            addresses: addresses,
                            sni: options.sni,
                            timeout: min(options.timeout, fallbackProbeTimeout),
                            upgrade: upgrade,
                            context: shared
                        )
                    )
                }
            }
            finished.wait()
            probes = slots.values.compactMap { $0 }
        }
        probes.sort { $0.version < $1.version }
        guard let best = probes.filter(\.accepted).map(\.version).max() else { return (nil, probes) }
        let settings = ClientSettings(
            sni: options.sni,
            alpn: options.alpn,
            minVersion: best,
            maxVersion: best,
            timeout: options.timeout,
            identity: options.identity,
            keyLog: options.keyLog,
            cipherList: wideCipherList,
            readAfterHandshake: true,
            upgrade: options.upgrade,
            upgradeHost: options.upgradeHost ?? target.host,
            requestOCSP: true,
            ocspIssuers: options.ocspIssuers
        )
        return (try handshake(target, addresses: addresses, settings: settings), probes)
    }
}
