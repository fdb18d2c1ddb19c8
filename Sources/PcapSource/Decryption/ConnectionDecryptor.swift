import TLSWire

/// Opens the protected records of one captured connection with secrets from a `KeyLog`:
/// TLS 1.3 traffic secrets (RFC 8446 §7.1–7.3) and TLS 1.2 master secrets (RFC 5246 §6.3)
/// for the AEAD suites in `SuiteParameters`.
///
/// It learns the client random from the ClientHello (the key log's index), the suite,
/// version and server random from the ServerHello, and when each TLS 1.3 side moves from
/// its handshake to its application traffic secret from that side's Finished (RFC 8446
/// §7.2), then on every KeyUpdate. Keys are looked up when a side's first protected
/// record needs them. A side whose secret is missing or whose record does not open stops
/// being decrypted (its records stay ciphertext) and the reason is kept for the
/// connection's `capture.no_key` / `capture.decrypt_failed` finding; the other side goes
/// on. Work is bounded: one AEAD open per record, and only the first
/// `maxApplicationRecords` records under application keys are opened (they hold what a
/// diagnosis needs: a session ticket, the first data, an alert).
final class ConnectionDecryptor: RecordDecryptor, @unchecked Sendable {
    typealias Side = TLSConnectionDecoder.Side

    /// Application-key records opened per side; later ones stay ciphertext.
    static let maxApplicationRecords = 32

    /// Why a side's records did not open.
    struct Failure: Hashable, Sendable {
        var side: Side
        /// The secret that was used, when one was.
        var label: KeyLog.Label?
        /// The record's number among that side's protected records, from 0.
        var record: Int
        var reason: String
    }

    /// What decrypting the connection gave.
    struct Summary: Hashable, Sendable {
        var clientRandom: [UInt8]?
        var cipherSuite: CipherSuite?
        var isTLS13 = false
        /// Protected records seen and opened, per side.
        var protectedRecords: [Side: Int] = [:]
        var openedRecords: [Side: Int] = [:]
        /// Secrets a protected record needed and the key log lacks, in the order needed.
        var missing: [KeyLog.Label] = []
        /// Whether the key log has any secret for this client random.
        var hasAnySecret = false
        var failure: Failure?
        /// The suite is not one tlsprobe decrypts.
        var unsupportedSuite = false
        /// Protected records came, but the ClientHello (whose random names the secrets) is
        /// not in the capture.
        var noClientHello = false

        /// Whether anything was decrypted.
        var openedAny: Bool { openedRecords.values.contains { $0 > 0 } }
    }

    private enum Epoch: Hashable {
        /// Before the TLS 1.3 ServerHello, or a TLS 1.2 side before its first protected record.
        case none
        case handshake
        case application(generation: Int)
    }

    private struct Direction {
        var epoch = Epoch.none
        var protection: RecordProtection?
        /// The TLS 1.3 traffic secret in use (for the next KeyUpdate).
        var secret: [UInt8]?
        var label: KeyLog.Label?
        /// No key, or a record failed: the rest stays ciphertext.
        var stopped = false
        var applicationRecordsOpened = 0
    }

    let keyLog: KeyLog
    /// Re-read the key log files when a connection's secrets are not there yet (live
    /// capture: the client writes its key log as it goes).
    let refreshOnMiss: Bool
    private var serverRandom: [UInt8]?
    /// The ClientHello offered 0-RTT early data, which is not decrypted.
    private var offeredEarlyData = false
    private var suite: SuiteParameters?
    private var client = Direction()
    private var server = Direction()
    private(set) var summary = Summary()

    init(keyLog: KeyLog, refreshOnMiss: Bool = false) {
        self.keyLog = keyLog
        self.refreshOnMiss = refreshOnMiss
    }

    func observe(_ message: HandshakeMessage, from side: Side) {
        switch message {
        case .clientHello(let hello):
            // After a HelloRetryRequest the second hello repeats the random (RFC 8446 §4.1.2).
            if summary.clientRandom == nil && !hello.isSSLv2Compatible { summary.clientRandom = hello.random }
            offeredEarlyData = offeredEarlyData || hello.extensions.contains(.earlyData)
        case .serverHello(let hello):
            serverRandom = hello.random
            summary.cipherSuite = hello.cipherSuite
            suite = SuiteParameters(hello.cipherSuite)
            summary.isTLS13 = hello.selectedVersion.usesTLS13Rules
            if summary.isTLS13 {
                client = Direction(epoch: .handshake)
                server = Direction(epoch: .handshake)
            }
        case .finished where summary.isTLS13:
            update(side) { direction in
                if direction.epoch == .handshake { direction = Direction(epoch: .application(generation: 0)) }
            }
        case .keyUpdate where summary.isTLS13:
            update(side) { direction in
                guard case .application(let generation) = direction.epoch, let secret = direction.secret,
                    let suite, !direction.stopped
                else { return }
                let next = KeySchedule.nextTrafficSecret(secret, hash: suite.hash)
                let keys = KeySchedule.trafficKeys(secret: next, suite: suite)
                direction.epoch = .application(generation: generation + 1)
                direction.secret = next
                direction.protection = RecordProtection(aead: suite.aead, layout: .tls13, key: keys.key, iv: keys.iv)
            }
        default:
            break
        }
    }

    func open(_ record: TLSRecord, from side: Side) -> RecordOpening {
        let number = summary.protectedRecords[side, default: 0]
        summary.protectedRecords[side] = number + 1
        var direction = side == .client ? client : server
        defer { if side == .client { client = direction } else { server = direction } }
        guard !direction.stopped else { return .unavailable }
        if case .application = direction.epoch, direction.applicationRecordsOpened >= Self.maxApplicationRecords {
            return .unavailable
        }
        if direction.protection == nil { prepare(&direction, side: side, record: number) }
        guard var protection = direction.protection else {
            return direction.stopped && summary.failure?.side == side ? .failed : .unavailable
        }
        do throws(RecordProtection.Failure) {
            let (type, plaintext) = try protection.open(record)
            direction.protection = protection
            summary.openedRecords[side, default: 0] += 1
            if case .application = direction.epoch { direction.applicationRecordsOpened += 1 }
            return .opened(type, plaintext)
        } catch {
            direction.stopped = true
            direction.protection = nil
            if summary.failure == nil {
                // 0-RTT data sits under CLIENT_EARLY_TRAFFIC_SECRET, before the client's
                // handshake records: say so rather than blame the key log.
                let earlyData =
                    side == .client && offeredEarlyData && direction.epoch == .handshake
                    ? " (the client offered 0-RTT early data, which tlsprobe does not decrypt: its records come first)"
                    : ""
                summary.failure = Failure(
                    side: side,
                    label: direction.label,
                    record: number,
                    reason: error.description + earlyData
                )
            }
            return .failed
        }
    }

    /// Bytes of `side` were lost: the sequence numbers after the gap are unknown, so its
    /// later records stay ciphertext (the gap is reported as `capture.truncated`).
    func lostBytes(from side: Side) {
        update(side) { $0.stopped = true }
    }

    /// Whether secrets that were missing are in the key log now (re-read first): a live
    /// capture can see a connection's first encrypted records before its client has
    /// written their secrets, and then reads the connection again.
    func missingSecretsArrived() -> Bool {
        guard summary.failure == nil, let random = summary.clientRandom, let first = summary.missing.first else {
            return false
        }
        if keyLog.secrets(for: random)?[first] != nil { return true }
        return keyLog.refresh() && keyLog.secrets(for: random)?[first] != nil
    }

    private func update(_ side: Side, _ change: (inout Direction) -> Void) {
        if side == .client { change(&client) } else { change(&server) }
    }

    /// Derives `direction`'s keys for its current epoch, or notes why it cannot.
    private func prepare(_ direction: inout Direction, side: Side, record: Int) {
        guard let random = summary.clientRandom else {
            summary.noClientHello = true
            direction.stopped = true
            return
        }
        guard let suiteName = summary.cipherSuite else { return }  // no ServerHello yet
        guard let suite else {
            summary.unsupportedSuite = true
            direction.stopped = true
            return
        }
        if summary.isTLS13 {
            let label: KeyLog.Label
            switch direction.epoch {
            case .none: return  // 0-RTT data before the ServerHello: not decrypted
            case .handshake: label = side == .client ? .clientHandshakeTrafficSecret : .serverHandshakeTrafficSecret
            case .application: label = side == .client ? .clientTrafficSecret0 : .serverTrafficSecret0
            }
            guard let secret = lookUp(random, label, side: side, direction: &direction) else { return }
            guard secret.count == suite.hash.length else {
                stop(
                    &direction,
                    side: side,
                    label: label,
                    record: record,
                    reason: "the key log's \(label) is \(secret.count) bytes; \(suiteName) needs \(suite.hash.length)"
                )
                return
            }
            let keys = KeySchedule.trafficKeys(secret: secret, suite: suite)
            direction.secret = secret
            direction.label = label
            direction.protection = RecordProtection(aead: suite.aead, layout: .tls13, key: keys.key, iv: keys.iv)
        } else {
            guard let serverRandom else { return }
            guard let master = lookUp(random, .clientRandom, side: side, direction: &direction) else { return }
            let keys = KeySchedule.tls12Keys(
                masterSecret: master,
                clientRandom: random,
                serverRandom: serverRandom,
                suite: suite
            )
            let own = side == .client ? keys.client : keys.server
            direction.label = .clientRandom
            direction.protection = RecordProtection(
                aead: suite.aead,
                layout: suite.aead == .chacha20Poly1305 ? .tls12XorNonce : .tls12ExplicitNonce,
                key: own.key,
                iv: own.iv
            )
        }
    }

    private func lookUp(_ random: [UInt8], _ label: KeyLog.Label, side: Side, direction: inout Direction) -> [UInt8]? {
        var secrets = keyLog.secrets(for: random)
        if secrets?[label] == nil && refreshOnMiss && keyLog.refresh() { secrets = keyLog.secrets(for: random) }
        summary.hasAnySecret = summary.hasAnySecret || secrets != nil
        guard let secret = secrets?[label] else {
            if !summary.missing.contains(label) { summary.missing.append(label) }
            direction.stopped = true
            return nil
        }
        return secret
    }

    private func stop(_ direction: inout Direction, side: Side, label: KeyLog.Label, record: Int, reason: String) {
        direction.stopped = true
        if summary.failure == nil {
            summary.failure = Failure(side: side, label: label, record: record, reason: reason)
        }
    }
}
