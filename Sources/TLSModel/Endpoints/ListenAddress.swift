import SystemCalls
import TLSWire

/// Where `listen` listens: `PORT` (every address, IPv4 and IPv6), `HOST:PORT`,
/// `[IPv6]:PORT`. HOST may be a name (every address it resolves to) or a wildcard
/// (`0.0.0.0`, `[::]`).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host as given (no brackets); nil: every address.
    public var host: String?
    public var port: Int

    public init(host: String?, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `[HOST:]PORT`. The port is required: a server has no default port.
    public static func parse(_ text: String) throws(DialTarget.ParseError) -> ListenAddress {
        let trimmed = text.trimmingSpaces()
        func port(_ digits: Substring) throws(DialTarget.ParseError) -> Int {
            guard let value = Int(digits), (1...65535).contains(value) else {
                throw DialTarget.ParseError(description: "\"\(text)\": the port must be a number from 1 to 65535")
            }
            return value
        }
        if !trimmed.isEmpty && trimmed.allSatisfy(\.isNumber) {
            return ListenAddress(host: nil, port: try port(trimmed[...]))
        }
        for wildcard in [":", "*:"]
        where trimmed.hasPrefix(wildcard) && trimmed.count > wildcard.count
            && trimmed.dropFirst(wildcard.count).allSatisfy(\.isNumber)
        {
            return ListenAddress(host: nil, port: try port(trimmed.dropFirst(wildcard.count)))
        }
        let target = try DialTarget.parse(trimmed)
        // DialTarget falls back to port 443; a listener names its port.
        let explicit = target.host.containsText(":") ? trimmed.containsText("]:") : Self.endsInPort(trimmed)
        guard explicit, !trimmed.containsText("/") else {
            throw DialTarget.ParseError(
                description: "\"\(text)\": give [HOST:]PORT, e.g. 4433, 127.0.0.1:4433 or [::1]:4433"
            )
        }
        return ListenAddress(host: target.host, port: target.port)
    }

    /// `PORT` alone on every address, `host:port`, `[v6]:port`.
    public var description: String {
        host.map { HostPort.display(host: $0, port: port) } ?? "*:\(port)"
    }
}

extension ListenAddress {
    /// Whether `text` ends in `:` and one or more ASCII digits (a port), as the pattern
    /// `:[0-9]+$` matched it with NSRegularExpression: ICU's `$` also matches before one
    /// line terminator that ends the text.
    static func endsInPort(_ text: String) -> Bool {
        var scalars = Array(text.unicodeScalars)
        if scalars.count >= 2, scalars[scalars.count - 2] == "\r", scalars.last == "\n" {
            scalars.removeLast(2)
        } else if let last = scalars.last,
            ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(last)
        {
            scalars.removeLast()
        }
        let digits = scalars.reversed().prefix { $0.value >= 0x30 && $0.value <= 0x39 }.count
        return digits > 0 && scalars.dropLast(digits).last == ":"
    }
}
