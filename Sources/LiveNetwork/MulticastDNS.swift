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

/// DNS-SD browsing and `.local` names over multicast DNS, with tlsprobe's own queries:
/// one-shot queries (RFC 6762 5.1) sent to 224.0.0.251:5353 from an ephemeral port, which
/// responders answer by unicast to that port (RFC 6762 6.7), so no group is joined and port
/// 5353 is never bound. The multicast goes where the system routes 224.0.0.0/4.
package enum MulticastDNS {
    /// Browses `types` (`_ipps._tcp`) for `browseTime` seconds, then resolves each instance
    /// found (SRV, TXT, the host's A and AAAA) for up to `resolveTime` more: the instances
    /// resolved, in the order found. Bounded by the two times whatever the network sends.
    package static func browse(
        types: [String],
        browseTime: TimeInterval,
        resolveTime: TimeInterval
    ) throws(ConnectFailure) -> [BonjourService] {
        let typeNames = types.compactMap { DNSName($0 + ".local") }
        let querier = try MulticastQuerier()
        var collector = ServiceCollector(types: typeNames)
        let browseEnd = Deadline.after(browseTime)
        // The browse questions at 0, 1 and 3 s (RFC 6762 5.2: the interval at least doubles).
        var nextBrowse = Deadline.after(0)
        var interval: TimeInterval = 1
        var asked: [DNSName: Deadline] = [:]
        func askMissing() {
            for (name, type) in collector.missing() {
                let key = name.normalized.prepending([UInt8(truncatingIfNeeded: type)])
                if let again = asked[key], !again.hasPassed { continue }
                asked[key] = Deadline.after(1)
                querier.ask(name, type)
            }
        }
        while !browseEnd.hasPassed {
            if nextBrowse.hasPassed {
                for name in typeNames { querier.ask(name, DNSRecordType.ptr) }
                nextBrowse = Deadline.after(interval)
                interval *= 2
            }
            collector.add(querier.receive(until: nextBrowse.earlier(browseEnd)))
            askMissing()
        }
        let resolveEnd = Deadline.after(resolveTime)
        while !collector.isComplete && !resolveEnd.hasPassed {
            askMissing()
            collector.add(querier.receive(until: resolveEnd.earlier(Deadline.after(0.25))))
        }
        let found = collector.resolved()
        for service in found { learned.remember(service.host, service.addresses) }
        return found
    }

    /// The addresses of `host` (a `.local` name) by one-shot A and AAAA queries, asked again
    /// each second, within `timeout`; empty when nobody answers.
    package static func addresses(of host: String, timeout: TimeInterval) -> [[UInt8]] {
        if let known = learned.addresses(of: host) { return known }
        guard let name = DNSName(host.hasSuffix(".") ? String(host.dropLast()) : host),
            let querier = try? MulticastQuerier()
        else { return [] }
        let end = Deadline.after(timeout)
        var found: [[UInt8]] = []
        while found.isEmpty && !end.hasPassed {
            querier.ask(name, DNSRecordType.a)
            querier.ask(name, DNSRecordType.aaaa)
            var again = Deadline.after(1).earlier(end)
            while !again.hasPassed {
                for record in querier.receive(until: again) where record.name.matches(name) {
                    guard case .address(let bytes) = record.data, record.ttl > 0, !found.contains(bytes),
                        found.count < 16
                    else { continue }
                    // The first answer may be the AAAA alone (often link-local): the A
                    // record, sent separately, gets a moment more.
                    if found.isEmpty { again = again.earlier(Deadline.after(0.15)) }
                    found.append(bytes)
                }
            }
        }
        if !found.isEmpty { learned.remember(host, found) }
        return found
    }

    /// Host addresses a browse found, so the scan that follows dials them without asking again.
    package static let learned = LearnedAddresses()

    package final class LearnedAddresses: @unchecked Sendable {
        private let lock = Lock()
        private var table: [String: [[UInt8]]] = [:]
        private static let limit = 4096

        func remember(_ host: String, _ addresses: [[UInt8]]) {
            guard !addresses.isEmpty else { return }
            lock.withLock {
                if table.count < Self.limit { table[Self.key(host)] = addresses }
            }
        }

        package func addresses(of host: String) -> [[UInt8]]? { lock.withLock { table[Self.key(host)] } }

        private static func key(_ host: String) -> String {
            (host.hasSuffix(".") ? String(host.dropLast()) : host).lowercased()
        }
    }

    /// Whether `host` is in the `.local` domain that multicast DNS answers (RFC 6762 3).
    package static func isLocalName(_ host: String) -> Bool {
        let name = (host.hasSuffix(".") ? String(host.dropLast()) : host).lowercased()
        return name.hasSuffix(".local") && name.count > ".local".count
    }
}

/// What a browse has heard: the instances of the browsed types (PTR), their SRV and TXT
/// records, and the addresses of their hosts; and what is still to ask. Pure: it takes
/// records from any responder and keeps at most `limit` of each kind.
package struct ServiceCollector {
    private let types: [DNSName]
    /// Instances by their normalised name, in the order found.
    private var order: [DNSName] = []
    private var instances: [DNSName: (name: DNSName, type: DNSName)] = [:]
    private var services: [DNSName: (port: UInt16, target: DNSName)] = [:]
    private var texts: [DNSName: [[UInt8]]] = [:]
    private var hostAddresses: [DNSName: [[UInt8]]] = [:]

    /// The most instances (and hosts) kept from one browse.
    package static let limit = 1024

    package init(types: [DNSName]) { self.types = types.map(\.normalized) }

    package mutating func add(_ records: [DNSRecord]) {
        for record in records where record.recordClass == 1 {
            let key = record.name.normalized
            switch record.data {
            case .pointer(let instance) where types.contains(key) && instance.parent.normalized == key:
                let instanceKey = instance.normalized
                if record.ttl == 0 {
                    // A goodbye (RFC 6762 10.1): the instance is gone.
                    instances[instanceKey] = nil
                    order.removeAll { $0 == instanceKey }
                } else if instances[instanceKey] == nil && order.count < Self.limit {
                    instances[instanceKey] = (instance, key)
                    order.append(instanceKey)
                }
            case .service(_, _, let port, let target) where record.ttl > 0:
                if services[key] != nil || services.count < Self.limit { services[key] = (port, target) }
            case .text(let strings) where record.ttl > 0:
                if texts[key] != nil || texts.count < Self.limit { texts[key] = Array(strings.prefix(64)) }
            case .address(let bytes) where record.ttl > 0:
                var list = hostAddresses[key] ?? []
                guard hostAddresses[key] != nil || hostAddresses.count < Self.limit else { continue }
                if !list.contains(bytes) && list.count < 16 { list.append(bytes) }
                hostAddresses[key] = list
            default: continue
            }
        }
    }

    /// The questions that would complete what was found: SRV and TXT of an instance, A and
    /// AAAA of a host.
    package func missing() -> [(DNSName, UInt16)] {
        var questions: [(DNSName, UInt16)] = []
        for key in order {
            guard let instance = instances[key] else { continue }
            guard let service = services[key] else {
                questions.append((instance.name, DNSRecordType.srv))
                if texts[key] == nil { questions.append((instance.name, DNSRecordType.txt)) }
                continue
            }
            if hostAddresses[service.target.normalized] == nil {
                questions.append((service.target, DNSRecordType.a))
                questions.append((service.target, DNSRecordType.aaaa))
            }
        }
        return questions
    }

    /// Whether every instance found has its SRV record and an address.
    package var isComplete: Bool { missing().isEmpty }

    /// The instances with an SRV record whose host has an address and is a host name.
    package func resolved() -> [BonjourService] {
        order.compactMap { key in
            guard let instance = instances[key], let service = services[key],
                let addresses = hostAddresses[service.target.normalized], Self.isHostName(service.target),
                service.port > 0, let label = instance.name.labels.first
            else { return nil }
            return BonjourService(
                instance: String(decoding: label, as: UTF8.self),
                type: DNSName(labels: Array(instance.type.labels.dropLast())).description,
                host: service.target.description.lowercased(),
                port: Int(service.port),
                txt: (texts[key] ?? []).filter { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) },
                addresses: addresses
            )
        }
    }

    /// Letters, digits and hyphens (RFC 1123 2.1), as a name to dial and send as SNI must be.
    static func isHostName(_ name: DNSName) -> Bool {
        name.labels.count >= 2
            && name.labels.allSatisfy { label in
                label.first != 0x2D && label.last != 0x2D
                    && label.allSatisfy {
                        ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
                            || $0 == 0x2D
                    }
            }
    }
}

/// The sockets of one-shot mDNS queries: an IPv4 UDP socket on an ephemeral port, queries
/// to 224.0.0.251:5353, answers read only from port 5353 and only when they carry our id.
final class MulticastQuerier {
    private let fd: Int32
    private let id = UInt16.random(in: 1...UInt16.max)
    private static let group: [UInt8] = [224, 0, 0, 251]
    private static let port: UInt16 = 5353

    init() throws(ConnectFailure) {
        fd = SystemCall.nonBlockingDatagramSocket(family: AF_INET)
        guard fd >= 0 else {
            throw ConnectFailure(.local, "cannot open a socket for multicast DNS: \(String(cString: strerror(errno)))")
        }
        guard SystemCall.prepareMulticastQuerier(fd, family: AF_INET) else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ConnectFailure(.local, "cannot set the socket for multicast DNS: \(reason)")
        }
    }

    deinit { close(fd) }

    /// Sends one question (a send that fails, with no route for multicast, is not retried:
    /// the answer then never comes, and the caller's time bounds the wait).
    func ask(_ name: DNSName, _ type: UInt16) {
        var query = DNSMessage.query([(name, type)], unicastResponse: true)
        query[0] = UInt8(id >> 8)
        query[1] = UInt8(truncatingIfNeeded: id)
        guard let address = SystemCall.socketAddress(Self.group, port: Self.port) else { return }
        _ = SystemCall.sendDatagram(fd, query, to: address)
    }

    /// The records of every valid answer that arrives before `deadline` (at least the ones
    /// already waiting). A datagram that does not parse is dropped.
    func receive(until deadline: Deadline) -> [DNSRecord] {
        var records: [DNSRecord] = []
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        repeat {
            let n = poll(&descriptor, 1, deadline.remainingMilliseconds)
            if n < 0 && errno != EINTR { return records }
            if n <= 0 { continue }
            while let (bytes, from) = SystemCall.receiveDatagram(fd, maximum: DNSMessage.maximumLength + 1) {
                guard Self.sourcePort(from) == Self.port, let message = try? DNSMessage.parse(bytes),
                    message.isResponse, message.id == id
                else { continue }
                records += message.records
                if records.count > 4096 { return records }
            }
            // Answers have arrived: hand them over, so questions they raise go out at once.
            if !records.isEmpty { return records }
        } while !deadline.hasPassed
        return records
    }

    /// The port of a `sockaddr_in` / `sockaddr_in6` (bytes 2 and 3 on every platform).
    private static func sourcePort(_ address: [UInt8]) -> UInt16? {
        guard address.count >= 4 else { return nil }
        return UInt16(address[2]) << 8 | UInt16(address[3])
    }
}
