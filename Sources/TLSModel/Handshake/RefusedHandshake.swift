import TLSWire

/// A handshake offering another client's ClientHello (`connect --profile apple`) that the
/// server did not complete, kept beside the one that completed with the client's defaults.
public struct RefusedHandshake: Sendable {
    /// What was offered.
    public var hello: ClientHelloParameters
    /// What happened on the wire.
    public var observation: HandshakeObservation
    /// How it ended when no alert says why.
    public var ending: HandshakeEnding?
    /// The client's own reasons when it refused the server's answer itself.
    public var localErrors: [String]

    public init(
        hello: ClientHelloParameters,
        observation: HandshakeObservation,
        ending: HandshakeEnding?,
        localErrors: [String]
    ) {
        self.hello = hello
        self.observation = observation
        self.ending = ending
        self.localErrors = localErrors
    }
}
