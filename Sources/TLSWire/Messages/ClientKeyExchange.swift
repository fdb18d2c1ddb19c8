/// A TLS 1.2-and-earlier ClientKeyExchange, kept opaque: its layout depends on the key
/// exchange (an encrypted premaster secret, a DH value, an EC point, a PSK identity) and
/// a report needs none of it.
///
/// RFC 5246 §7.4.7:
///
///     struct {
///         select (KeyExchangeAlgorithm) {
///             case rsa:
///                 EncryptedPreMasterSecret;
///             case dhe_dss:
///             case dhe_rsa:
///             case dh_dss:
///             case dh_rsa:
///             case dh_anon:
///                 ClientDiffieHellmanPublic;
///         } exchange_keys;
///     } ClientKeyExchange;
public struct ClientKeyExchange: Hashable, Sendable {
    /// `exchange_keys`, undecoded.
    public var exchangeKeys: [UInt8]

    public init(exchangeKeys: [UInt8]) {
        self.exchangeKeys = exchangeKeys
    }

    /// Takes a `client_key_exchange` message's body as it is.
    public init(_ message: RawHandshakeMessage) throws(WireError) {
        try expectType(message, .clientKeyExchange)
        exchangeKeys = message.body
    }
}
