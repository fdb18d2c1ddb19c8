/// What carries the TLS: a TCP stream, or UDP datagrams (DTLS). The raw value is JSON's.
public enum Transport: String, CaseIterable, Sendable, Hashable {
    case tcp, udp
}
