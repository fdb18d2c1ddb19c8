import LiveNetwork
import TLSModel
import TLSWire

/// One datagram as an mDNS answer: the DNS message parser (compression pointers, every
/// record type read), then a browse's collector fed its records and asked what is missing
/// and what is resolved. Any device on the LAN sends these: a trap anywhere is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let message = try? DNSMessage.parse(bytes) else { return 0 }
    var collector = ServiceCollector(types: ["_https._tcp.local", "_ipps._tcp.local"].compactMap { DNSName($0) })
    collector.add(message.records)
    // Questions in the message become the types browsed too, so PTR answers to them count.
    var asked = ServiceCollector(types: message.questions.map(\.name))
    asked.add(message.records)
    for c in [collector, asked] {
        for (name, _) in c.missing() { _ = name.wire }
        for service in c.resolved() {
            guard service.port > 0, service.port <= 65535, !service.host.isEmpty else {
                fatalError("a resolved service without a port or host")
            }
        }
    }
    for record in message.records { _ = record.name.description }
    return 0
}
