/// A NewSessionTicket: a resumption ticket (RFC 5077 for TLS 1.2, RFC 8446 §4.6.1 for 1.3).
public struct NewSessionTicket: Hashable, Sendable {
    /// TLS 1.3 `ticket_lifetime`, or TLS 1.2 `ticket_lifetime_hint`, in seconds.
    public var ticketLifetime: UInt32
    /// TLS 1.3 `ticket_age_add`; nil for TLS 1.2.
    public var ticketAgeAdd: UInt32?
    /// TLS 1.3 `ticket_nonce`; nil for TLS 1.2.
    public var ticketNonce: [UInt8]?
    /// `ticket`: opaque to the client.
    public var ticket: [UInt8]
    /// TLS 1.3 extensions in order; empty for TLS 1.2.
    public var extensions: [Extension]

    public init(
        ticketLifetime: UInt32,
        ticketAgeAdd: UInt32? = nil,
        ticketNonce: [UInt8]? = nil,
        ticket: [UInt8],
        extensions: [Extension] = []
    ) {
        self.ticketLifetime = ticketLifetime
        self.ticketAgeAdd = ticketAgeAdd
        self.ticketNonce = ticketNonce
        self.ticket = ticket
        self.extensions = extensions
    }

    /// TLS 1.3 `early_data`'s `max_early_data_size`, when the ticket allows 0-RTT.
    public var maxEarlyDataSize: UInt32? {
        try? extensions.first(.earlyData)?.maxEarlyDataSize()
    }

    /// Parses a `new_session_ticket` message in the layout `context` says.
    ///
    /// TLS 1.2, RFC 5077 §3.3:
    ///
    ///     struct {
    ///         uint32 ticket_lifetime_hint;
    ///         opaque ticket<0..2^16-1>;
    ///     } NewSessionTicket;
    ///
    /// TLS 1.3, RFC 8446 §4.6.1:
    ///
    ///     struct {
    ///         uint32 ticket_lifetime;
    ///         uint32 ticket_age_add;
    ///         opaque ticket_nonce<0..255>;
    ///         opaque ticket<1..2^16-1>;
    ///         Extension extensions<0..2^16-2>;
    ///     } NewSessionTicket;
    public init(_ message: RawHandshakeMessage, context: HandshakeContext) throws(WireError) {
        try expectType(message, .newSessionTicket)
        var reader = message.bodyReader()
        ticketLifetime = try reader.readUInt32(context.usesTLS13Formats ? "ticket_lifetime" : "ticket_lifetime_hint")
        if context.usesTLS13Formats {
            ticketAgeAdd = try reader.readUInt32("ticket_age_add")
            var nonce = try reader.readVector(prefixLength: 1, max: 0xFF, "ticket_nonce")
            ticketNonce = nonce.readRest()
            var body = try reader.readVector(prefixLength: 2, min: 1, max: 0xFFFF, "ticket")
            ticket = body.readRest()
            extensions = try Extension.readList(&reader, max: 0xFFFE)
        } else {
            ticketAgeAdd = nil
            ticketNonce = nil
            var body = try reader.readVector(prefixLength: 2, max: 0xFFFF, "ticket")
            ticket = body.readRest()
            extensions = []
        }
        try reader.expectEnd("new_session_ticket")
    }
}
