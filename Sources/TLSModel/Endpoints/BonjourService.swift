/// One DNS-SD service instance found by browsing (RFC 6763): what `scan --bonjour` dials
/// and reports. Every text here came from a device on the network: it is shown only through
/// the renderers' escaping.
public struct BonjourService: Sendable, Hashable {
    /// The instance's own label, as the device advertises it ("Front Desk Printer").
    public var instance: String
    /// The service type without the domain: `_ipps._tcp`.
    public var type: String
    /// The SRV record's target, without the trailing dot: `printer.local`. A browsing
    /// client dials it, sends it as SNI and expects the certificate to name it.
    public var host: String
    public var port: Int
    /// The TXT record's strings (`key=value`), in order.
    public var txt: [String]
    /// The host's addresses (4 or 16 bytes each) from the A and AAAA records.
    public var addresses: [[UInt8]]

    public init(instance: String, type: String, host: String, port: Int, txt: [String], addresses: [[UInt8]]) {
        self.instance = instance
        self.type = type
        self.host = host
        self.port = port
        self.txt = txt
        self.addresses = addresses
    }

    /// The service types that carry TLS on local networks, browsed by `scan --bonjour`.
    public static let tlsServiceTypes = [
        "_https._tcp", "_ipps._tcp", "_ldaps._tcp", "_imaps._tcp", "_pop3s._tcp", "_secure-mqtt._tcp",
        "_webdavs._tcp", "_ftps._tcp", "_sips._tcp",
    ]

    /// Whether `text` is a DNS-SD service type `_name._tcp` or `_name._udp` (RFC 6763 7:
    /// the name is 1-15 letters, digits and hyphens).
    public static func isServiceType(_ text: String) -> Bool {
        let parts = text.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "_tcp" || parts[1] == "_udp" else { return false }
        let name = parts[0]
        guard name.hasPrefix("_") else { return false }
        let body = name.dropFirst()
        guard (1...15).contains(body.utf8.count), body.first != "-", body.last != "-" else { return false }
        return body.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }
    }
}
