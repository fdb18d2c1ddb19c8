internal import CPcap

/// Facts about the libpcap this binary runs against.
public enum PcapLibrary {
    /// libpcap's own version string, e.g. "libpcap version 1.10.3 (with TPACKET_V3)".
    public static var version: String {
        String(cString: pcap_lib_version())
    }
}
