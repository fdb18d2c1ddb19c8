/// TLSWire: the TLS wire format — records, handshake messages, extensions and code
/// points — with no dependencies, shared by live handshakes and packet captures.
public enum TLSWire {}
