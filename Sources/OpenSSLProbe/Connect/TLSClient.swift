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
import SafeFiles

/// How `connect` shakes hands.
public struct HandshakeOptions: Sendable {
    /// The server name sent in SNI; nil sends none.
    public var sni: String?
    /// ALPN protocols offered, in order (`h2`, `http/1.1`); empty offers none.
    public var alpn: [String]
    /// The oldest version offered; nil: TLS 1.2, as current clients.
    public var minVersion: ProtocolVersion?
    /// The newest version offered; nil: TLS 1.3.
    public var maxVersion: ProtocolVersion?
    /// Bounds resolving, connecting and the handshake, each.
    public var timeout: TimeInterval
    /// Our client certificate and key, sent when the server asks.
    public var identity: TLSIdentity?
    /// Where to append the session's secrets (NSS key log format).
    public var keyLog: KeyLogFile?
    /// A plain-text protocol to upgrade from first (`--starttls`), on every connection.
    public var upgrade: PlaintextProtocol?
    /// The name an upgrade addresses the server by (XMPP's stream `to`); the host dialled when nil.
    public var upgradeHost: String?
    /// Another client's ClientHello to offer instead of OpenSSL's defaults (`--profile
    /// apple`): its cipher suites, signature schemes, groups and, unless --min-version or
    /// --max-version say otherwise, its versions. When the server cannot complete that
    /// handshake and completes one with OpenSSL's defaults, the latter is reported and the
    /// refused one kept as `LiveHandshake.refused`.
    public var clientHello: ClientHelloParameters?
    /// Certificates that may have issued the leaf besides those presented (the anchors):
    /// the stapled OCSP response's responder and CertID are checked against the leaf's
    /// issuer, which a server need not send when it is an anchor.
    public var ocspIssuers: [X509Certificate] = []

    public init(
        sni: String?,
        alpn: [String] = [],
        minVersion: ProtocolVersion? = nil,
        maxVersion: ProtocolVersion? = nil,
        timeout: TimeInterval = 10,
        identity: TLSIdentity? = nil,
        keyLog: KeyLogFile? = nil,
        clientHello: ClientHelloParameters? = nil
    ) {
        self.clientHello = clientHello
        self.sni = sni
        self.alpn = alpn
        self.minVersion = minVersion
        self.maxVersion = maxVersion
        self.timeout = timeout
        self.identity = identity
        self.keyLog = keyLog
    }
}

/// What a live handshake showed, for `ConnectionDiagnosis`.
public struct LiveHandshake: Sendable {
    /// Every message and alert as it went over the wire, parsed by TLSWire.
    public var observation: HandshakeObservation
    /// The address connected to (`127.0.0.1`, `::1`).
    public var address: String
    /// How it ended when no alert says why (closed, reset, not TLS, timed out, refused by OpenSSL).
    public var ending: HandshakeEnding?
    /// OpenSSL's error queue when the handshake failed, as reason texts.
    public var localErrors: [String]
    /// The key exchange group as OpenSSL names it, when the handshake completed.
    public var negotiatedGroup: String?
    /// Bytes received from the server.
    public var serverBytes: Int
    /// How the plain-text upgrade went (`--starttls`); nil without one. When the server
    /// did not upgrade, no handshake ran and the observation is empty.
    public var upgrade: PlaintextUpgrade? = nil
    /// What the server stapled in answer to our status_request (main handshakes only).
    public var ocsp: OCSPStaple? = nil
    /// With `HandshakeOptions.clientHello`: the handshake offering that ClientHello, when
    /// the server could not complete it but did complete this one, with OpenSSL's defaults.
    public var refused: RefusedHandshake? = nil
    /// The server's certificates as libssl decoded them (`OpenSSLVerification.verify`'s
    /// `peer`); nil when it sent none.
    public var peerCertificates: PeerCertificates? = nil
}

/// Live TLS handshakes with a server: `tlsprobe connect`.
public enum TLSClient {
    /// The versions `--versions` probes, oldest first.
    public static let probedVersions: [ProtocolVersion] = [.tls10, .tls11, .tls12, .tls13]

    /// The OpenSSL security level of every handshake (docs/NOTES.md: Debian's default of
    /// 2 makes TLS 1.0/1.1 servers unreachable; weak keys should be findings, not failures).
    public static let securityLevel = 0

    /// Resolves `target`, connects and shakes hands with `options`; with `probeVersions`,
    /// also offers each of TLS 1.0–1.3 alone on connections of its own, all at once.
    /// Throws when the server could not be reached or sent nothing back (exit status 2);
    /// everything after the first byte from the server is in the result.
    public static func connect(
        _ target: DialTarget,
        options: HandshakeOptions,
        probeVersions: Bool
    ) throws(ConnectFailure) -> (handshake: LiveHandshake, versions: [VersionProbe]?) {
        do {
            return try dial(target, options: options, probeVersions: probeVersions)
        } catch {
            var failure = error
            failure.target = failure.target ?? target.description
            throw failure
        }
    }

    private static func dial(
        _ target: DialTarget,
        options: HandshakeOptions,
        probeVersions: Bool
    ) throws(ConnectFailure) -> (handshake: LiveHandshake, versions: [VersionProbe]?) {
        let addresses = try Resolver.resolve(target, timeout: options.timeout)
        let settings = ClientSettings(
            // A --max-version of 1.0 or 1.1 alone lowers the default minimum to it.
            sni: options.sni,
            alpn: options.alpn,
            minVersion: options.minVersion ?? min(.tls12, options.maxVersion ?? .tls13),
            maxVersion: options.maxVersion ?? .tls13,
            timeout: options.timeout,
            identity: options.identity,
            keyLog: options.keyLog,
            cipherList: "DEFAULT:@SECLEVEL=0",
            readAfterHandshake: true,
            upgrade: options.upgrade,
            upgradeHost: options.upgradeHost ?? target.host,
            requestOCSP: true,
            ocspIssuers: options.ocspIssuers
        )
        guard probeVersions else {
            return (try mainHandshake(target, addresses: addresses, settings: settings, options: options), nil)
        }

        // The main handshake and the probes, concurrently: a diagnosis costs about one
        // handshake's time (docs/DESIGN.md). One thread each, not concurrentPerform: these mostly
        // wait on the network, and concurrentPerform runs only as many at a time as there
        // are cores. The main handshake is itself the probe of the newest version it offers
        // (a server must choose the newest version it shares), so that one is not probed
        // again unless the main handshake got no ServerHello: one connection fewer for an
        // old accessory that serves one connection at a time. One SSL_CTX for them all,
        // made before any starts (`ClientSettings.sharedContext`; a main handshake with our
        // client identity makes its own).
        let shared = settings.sharedContext()
        let main = settings.sharing(shared)
        let newest = main.maxVersion
        let started = Deadline.after(0)
        let concurrent = probedVersions.filter { $0 != newest }
        let results = ResultSlots<Slot>(count: 1 + concurrent.count)
        @Sendable func work(_ index: Int) {
            if index == 0 {
                do throws(ConnectFailure) {
                    results.set(
                        0,
                        .handshake(try mainHandshake(target, addresses: addresses, settings: main, options: options))
                    )
                } catch {
                    results.set(0, .failure(error))
                }
            } else {
                let version = concurrent[index - 1]
                results.set(
                    index,
                    .probe(
                        probe(
                            version,
                            target: target,
                            addresses: addresses,
                            sni: options.sni,
                            timeout: options.timeout,
                            upgrade: main,
                            context: shared
                        )
                    )
                )
            }
        }
        let finished = DispatchGroup()
        for index in 0...concurrent.count {
            finished.enter()
            SystemCall.runBeside {
                defer { finished.leave() }
                work(index)
            }
        }
        finished.wait()
        let all = results.values
        guard case .handshake(let handshake)? = all[0] else {
            if case .failure(let failure)? = all[0] { throw failure }
            throw ConnectFailure(.local, "the handshake did not run")
        }
        var versions = all.dropFirst().compactMap { slot -> VersionProbe? in
            if case .probe(let probe)? = slot { return probe }
            return nil
        }
        if probedVersions.contains(newest) {
            if let hello = handshake.observation.serverHello, !hello.helloRetryRequest {
                versions.append(
                    hello.version == newest
                        ? VersionProbe(version: newest, accepted: true, securityLevel: securityLevel)
                        : VersionProbe(
                            version: newest,
                            accepted: false,
                            detail: "the server chose \(hello.version) when offered \(newest) too",
                            securityLevel: securityLevel
                        )
                )
            } else if let ending = handshake.ending, case .timedOut = ending {
                // The server let the main handshake's whole --timeout pass: probing the
                // newest version again would take another one (a run of two timeouts).
                versions.append(
                    VersionProbe(
                        version: newest,
                        accepted: false,
                        detail: ending.shortText,
                        securityLevel: securityLevel
                    )
                )
            } else {
                // Only what is left of the one --timeout the whole run has (at least a
                // short wait, so a probe is never given no time at all).
                let left = options.timeout - Deadline.seconds(since: started)
                versions.append(
                    probe(
                        newest,
                        target: target,
                        addresses: addresses,
                        sni: options.sni,
                        timeout: max(left, min(options.timeout, 0.5)),
                        upgrade: main,
                        context: shared
                    )
                )
            }
            versions.sort { $0.version < $1.version }
        }
        return (handshake, versions)
    }

    /// The reported handshake: with `options.clientHello`, one offering it; when the server
    /// does not complete that one, one with OpenSSL's defaults (`settings`) after it, which
    /// is reported instead when it gets further, so the chain is judged all the same and
    /// the refusal is a finding. Without `clientHello`, the one handshake with `settings`.
    static func mainHandshake(
        _ target: DialTarget,
        addresses: [ResolvedAddress],
        settings: ClientSettings,
        options: HandshakeOptions
    ) throws(ConnectFailure) -> LiveHandshake {
        // Only the main handshake's chain is verified by OpenSSL beside the diagnosis:
        // probes and cipher enumeration keep no decoded certificates.
        var settings = settings
        settings.keepsPeerCertificates = true
        guard let hello = options.clientHello else {
            return try handshake(target, addresses: addresses, settings: settings)
        }
        var offered = settings
        offered.hello = hello
        offered.minVersion = options.minVersion ?? min(hello.minVersion, options.maxVersion ?? hello.maxVersion)
        offered.maxVersion = options.maxVersion ?? hello.maxVersion
        let attempt: Result<LiveHandshake, ConnectFailure>
        do throws(ConnectFailure) {
            attempt = .success(try handshake(target, addresses: addresses, settings: offered))
        } catch {
            attempt = .failure(error)
        }
        if case .success(let live) = attempt, live.observation.outcome == .established { return live }
        // The server did not complete the handshake this client offers: ask again as
        // OpenSSL would, and keep whichever got further.
        let fallback: LiveHandshake
        do throws(ConnectFailure) {
            fallback = try handshake(target, addresses: addresses, settings: settings)
        } catch {
            return try attempt.get()
        }
        guard fallback.observation.outcome == .established else { return try attempt.get() }
        var result = fallback
        switch attempt {
        case .success(let live):
            result.refused = RefusedHandshake(
                hello: hello,
                observation: live.observation,
                ending: live.ending,
                localErrors: live.localErrors
            )
        case .failure(let failure):
            result.refused = RefusedHandshake(
                hello: hello,
                observation: HandshakeObservation(outcome: .failed),
                ending: nil,
                localErrors: [failure.description]
            )
        }
        return result
    }

    /// One version offered alone, at security level 0 with every cipher suite OpenSSL has
    /// (anonymous and null ones aside). Accepted: the server answered with a ServerHello
    /// for that version, whatever happened after (a demanded client certificate, say), so
    /// the probe hangs up once that ServerHello is read (`stopsAtServerHelloFor`).
    /// With `upgrade`, each probe first upgrades as the main handshake does (`--starttls`).
    static func probe(
        _ version: ProtocolVersion,
        target: DialTarget,
        addresses: [ResolvedAddress],
        sni: String?,
        timeout: TimeInterval,
        upgrade: ClientSettings? = nil,
        context: OwnedSSLContext? = nil
    ) -> VersionProbe {
        let settings = ClientSettings(
            sni: sni,
            alpn: [],
            minVersion: version,
            maxVersion: version,
            timeout: timeout,
            identity: nil,
            keyLog: nil,
            cipherList: wideCipherList,
            readAfterHandshake: false,
            upgrade: upgrade?.upgrade,
            upgradeHost: upgrade?.upgradeHost ?? "",
            stopsAtServerHelloFor: version,
            context: context
        )
        do throws(ConnectFailure) {
            let result = try handshake(target, addresses: addresses, settings: settings)
            if let upgrade = result.upgrade, !upgrade.upgraded {
                return VersionProbe(
                    version: version,
                    accepted: false,
                    detail: "no TLS: \(upgrade.reason ?? "the upgrade failed")",
                    securityLevel: securityLevel
                )
            }
            let o = result.observation
            if let hello = o.serverHello, !hello.helloRetryRequest, hello.version == version {
                return VersionProbe(version: version, accepted: true, securityLevel: securityLevel)
            }
            let detail: String
            if let alert = o.alerts.first(where: { $0.from == .server }) {
                detail = "alert \(alert.description.name ?? alert.description.hex)"
            } else if let hello = o.serverHello {
                detail = "answered with \(hello.version)"
            } else if let ending = result.ending {
                detail = ending.shortText
            } else {
                detail = result.localErrors.first ?? "refused"
            }
            return VersionProbe(version: version, accepted: false, detail: detail, securityLevel: securityLevel)
        } catch {
            return VersionProbe(
                version: version,
                accepted: false,
                detail: error.description,
                securityLevel: securityLevel
            )
        }
    }

    /// Connects to one of `addresses` and runs one handshake.
    static func handshake(
        _ target: DialTarget,
        addresses: [ResolvedAddress],
        settings: ClientSettings
    ) throws(ConnectFailure) -> LiveHandshake {
        let tcp = try TCPConnection.connect(to: addresses, target: target, timeout: settings.timeout)
        let peer = HostPort.display(host: tcp.peer.text, port: target.port)
        var upgrade: PlaintextUpgrade?
        if let proto = settings.upgrade {
            let result = StartTLS.negotiate(proto, on: tcp, host: settings.upgradeHost, timeout: settings.timeout)
            guard result.upgraded else {
                // No TLS to shake hands with: an empty observation, the refusal in `upgrade`.
                return LiveHandshake(
                    observation: HandshakeObservationBuilder().build(outcome: .failed),
                    address: tcp.peer.text,
                    ending: nil,
                    localErrors: [],
                    negotiatedGroup: nil,
                    serverBytes: 0,
                    upgrade: result
                )
            }
            upgrade = result
        }
        let client = try ClientConnection(connection: tcp, settings: settings)
        let outcome = try client.run(settings: settings, target: target.isIPAddress ? peer : "\(target) (\(peer))")
        return LiveHandshake(
            observation: outcome.observation,
            address: tcp.peer.text,
            ending: outcome.ending,
            localErrors: outcome.localErrors,
            negotiatedGroup: outcome.negotiatedGroup,
            serverBytes: outcome.serverBytes,
            upgrade: upgrade,
            ocsp: settings.requestOCSP
                ? OCSPStapleReader.read(
                    outcome.ocspResponse,
                    length: outcome.ocspLength,
                    chain: outcome.observation.serverCertificates,
                    issuers: settings.ocspIssuers,
                    peer: outcome.peerCertificates
                ) : nil,
            peerCertificates: outcome.peerCertificates
        )
    }

    private enum Slot: Sendable {
        case handshake(LiveHandshake)
        case failure(ConnectFailure)
        case probe(VersionProbe)
    }
}
