internal import CPcap

/// Facts about the libpcap this binary runs against. libpcap is not linked: it is loaded
/// the first time a capture is opened (or its version asked for), so that the other
/// commands neither need it nor pay for loading it and its dependencies (CPcap).
public enum PcapLibrary {
    /// libpcap's own version string, e.g. "libpcap version 1.10.3 (with TPACKET_V3)", or
    /// "libpcap: not found" when it cannot be loaded (`loadError` says why).
    public static var version: String {
        guard let version = tlsprobe_pcap_lib_version() else { return "libpcap: not found" }
        return String(cString: version)
    }

    /// Why libpcap cannot be loaded, or nil when it is (loads it the first time).
    public static var loadError: String? {
        tlsprobe_pcap_load_error().map { String(cString: $0) }
    }

    /// Loads libpcap (once, whichever thread asks first); throws `.libraryUnavailable` with
    /// the reason and what to install when it cannot be.
    static func load() throws(PcapError) {
        guard tlsprobe_pcap_load() != 0 else { return }
        let reason = loadError ?? "libpcap could not be loaded"
        #if os(macOS)
        let remedy = "capture needs libpcap, which comes with macOS"
        #else
        let remedy =
            "capture needs libpcap at run time: install it (Debian and Ubuntu: apt-get install libpcap0.8; Fedora: dnf install libpcap)"
        #endif
        throw PcapError(.libraryUnavailable, "\(reason); \(remedy)")
    }
}
