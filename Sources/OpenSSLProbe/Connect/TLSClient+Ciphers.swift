internal import COpenSSL
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
    /// The TLS 1.3 suites offered when enumerating (every one OpenSSL 3 implements).
    static let tls13Suites = [
        "TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_CCM_SHA256",
        "TLS_AES_128_CCM_8_SHA256",
    ]

    /// The most handshakes one version's enumeration makes (one more than the suites OpenSSL has).
    static let maximumCipherHandshakes = 200

    /// Each handshake of an enumeration waits at most this long (never more than `--timeout`).
    static let cipherProbeTimeout: TimeInterval = 5

    /// One version's whole enumeration takes at most this many `--timeout`s (30 s by default).
    static let cipherBudgetTimeouts: Double = 3

    /// `--ciphers`: for each of TLS 1.0–1.3 (concurrently, one thread per version), offers
    /// every suite OpenSSL has for that version at security level 0, takes away the one the
    /// server chose and offers the rest, until the server chooses none; then offers the
    /// first two accepted in reverse order to tell whether the server's order or ours wins.
    public static func enumerateCiphers(
        _ target: DialTarget,
        options: HandshakeOptions
    ) throws(ConnectFailure) -> [CipherProbe] {
        let addresses = try Resolver.resolve(target, timeout: options.timeout)
        let versions = probedVersions
        let slots = ResultSlots<CipherProbe>(count: versions.count)
        let finished = DispatchGroup()
        for (index, version) in versions.enumerated() {
            finished.enter()
            SystemCall.runBeside {
                defer { finished.leave() }
                slots.set(index, enumerate(version, target: target, addresses: addresses, options: options))
            }
        }
        finished.wait()
        return slots.values.compactMap { $0 }
    }

    /// The suites OpenSSL offers at `version` alone with every suite enabled, as OpenSSL
    /// names them, in OpenSSL's order.
    static func suites(for version: ProtocolVersion) -> [(name: String, suite: CipherSuite)] {
        guard
            let context = try? SSLContextSetup.make(
                .client,
                minVersion: version,
                maxVersion: version,
                cipherList: "ALL:COMPLEMENTOFALL:@SECLEVEL=0",
                keyLog: false
            )
        else { return [] }
        _ = SSL_CTX_set_ciphersuites(context.pointer, tls13Suites.joined(separator: ":"))
        guard let ssl = SSL_new(context.pointer) else { return [] }
        defer { SSL_free(ssl) }
        guard let stack = SSL_get1_supported_ciphers(ssl) else { return [] }
        defer { OPENSSL_sk_free(stack) }
        var out: [(String, CipherSuite)] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let raw = OPENSSL_sk_value(stack, index) else { continue }
            let cipher = OpaquePointer(raw)
            guard let name = SSL_CIPHER_get_name(cipher) else { continue }
            out.append((String(cString: name), CipherSuite(SSL_CIPHER_get_protocol_id(cipher))))
        }
        return out
    }

    private static func enumerate(
        _ version: ProtocolVersion,
        target: DialTarget,
        addresses: [ResolvedAddress],
        options: HandshakeOptions
    ) -> CipherProbe {
        var remaining = suites(for: version)
        let offered = remaining.count
        var accepted: [(name: String, suite: CipherSuite)] = []
        var detail: String?
        func offer(_ list: [(name: String, suite: CipherSuite)]) -> (suite: CipherSuite?, stop: String?) {
            let names = list.map(\.name).joined(separator: ":")
            let settings = ClientSettings(
                sni: options.sni,
                alpn: [],
                minVersion: version,
                maxVersion: version,
                timeout: min(options.timeout, cipherProbeTimeout),
                identity: nil,
                keyLog: nil,
                cipherList: version >= .tls13 ? "ALL:@SECLEVEL=0" : names + ":@SECLEVEL=0",
                readAfterHandshake: false,
                upgrade: options.upgrade,
                upgradeHost: options.upgradeHost ?? target.host,
                tls13Suites: version >= .tls13 ? names : nil
            )
            do throws(ConnectFailure) {
                let result = try handshake(target, addresses: addresses, settings: settings)
                if let upgrade = result.upgrade, !upgrade.upgraded {
                    return (nil, "no TLS: \(upgrade.reason ?? "the upgrade failed")")
                }
                guard let hello = result.observation.serverHello, !hello.helloRetryRequest, hello.version == version
                else { return (nil, nil) }
                return (hello.cipherSuite, nil)
            } catch {
                return (nil, error.description)
            }
        }
        let started = Deadline.after(0)
        let budget = options.timeout * cipherBudgetTimeouts
        while !remaining.isEmpty && accepted.count < maximumCipherHandshakes {
            if Deadline.seconds(since: started) > budget {
                detail = "stopped after \(Seconds.text(budget)) (3 × --timeout); more suites may be accepted"
                break
            }
            let (chosen, stop) = offer(remaining)
            if let stop { detail = stop }
            guard let chosen else { break }
            guard let index = remaining.firstIndex(where: { $0.suite == chosen }) else {
                detail = "the server chose \(chosen), which was not offered"
                break
            }
            accepted.append(remaining.remove(at: index))
        }
        var serverOrder: Bool?
        if accepted.count >= 2 {
            let (chosen, _) = offer([accepted[1], accepted[0]])
            if chosen == accepted[0].suite {
                serverOrder = true
            } else if chosen == accepted[1].suite {
                serverOrder = false
            }
        }
        return CipherProbe(
            version: version,
            accepted: accepted.map(\.suite),
            serverOrder: serverOrder,
            offered: offered,
            detail: detail
        )
    }
}
