import TLSWire

/// What `connect` dials: a host (DNS name or IP address) and a port.
public struct DialTarget: Sendable, Hashable, CustomStringConvertible {
    /// The host as given, without IPv6 brackets: `printer.local`, `10.0.0.5`, `::1`.
    public var host: String
    public var port: Int

    /// The port dialled when none is given.
    public static let defaultPort = 443

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Why a target cannot be read.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads `HOST:PORT`, `HOST` (port 443), `[IPv6]:PORT`, `[IPv6]`, a bare IPv6 address
    /// (port 443), or a pasted URL (`https://printer.local:4433/status`: scheme and path
    /// are dropped). `defaultPort` is the port when none is given (a STARTTLS protocol's).
    public static func parse(_ text: String, defaultPort: Int = defaultPort) throws(ParseError) -> DialTarget {
        var rest = Substring(text.trimmingSpaces())
        if let scheme = rest.scalarRange(of: "://") { rest = rest[scheme.upperBound...] }
        if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<slash] }
        guard !rest.isEmpty else {
            throw ParseError(description: "\"\(text)\": give HOST:PORT, e.g. 10.0.0.5:4433 or [::1]:4433")
        }

        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                throw ParseError(description: "\"\(text)\": an IPv6 address in brackets needs its closing \"]\"")
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else {
                    throw ParseError(description: "\"\(text)\": expected \":PORT\" after \"]\"")
                }
                portText = after.dropFirst()
            }
            guard IPAddressText.parse(String(host))?.count == 16 else {
                throw ParseError(description: "\"\(text)\": \"\(host)\" in brackets is not an IPv6 address")
            }
        } else if rest.filter({ $0 == ":" }).count > 1 {
            // Several colons and no brackets: the whole text is an IPv6 address.
            guard IPAddressText.parse(String(rest))?.count == 16 else {
                throw ParseError(description: "\"\(text)\": write an IPv6 address with a port as [ADDRESS]:PORT")
            }
            host = rest
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { throw ParseError(description: "\"\(text)\": the host is missing") }
        guard host.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "@" }) else {
            throw ParseError(description: "\"\(text)\": \"\(host)\" is not a host name or IP address")
        }
        var port = defaultPort
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else {
                throw ParseError(description: "\"\(text)\": the port must be a number from 1 to 65535")
            }
            port = value
        }
        return DialTarget(host: String(host), port: port)
    }

    /// Whether the host is an IP address rather than a name.
    public var isIPAddress: Bool { IPAddressText.parse(host) != nil }

    /// `host:port`, with brackets around an IPv6 address.
    public var description: String { HostPort.display(host: host, port: port) }
}
