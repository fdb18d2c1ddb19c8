/// What carries the TLS: a TCP stream, or UDP datagrams (DTLS). The raw value is JSON's.
public enum Transport: String, Sendable, Hashable {
    case tcp, udp
}
