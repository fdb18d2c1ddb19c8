/// How an endpoint is written, everywhere tlsprobe writes one.
public enum HostPort {
    /// `host:port`, or `[v6]:port` when the host holds a colon.
    public static func display(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
