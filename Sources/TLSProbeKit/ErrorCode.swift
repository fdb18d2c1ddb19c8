/// What stopped a run before anything could be examined, for scripts: the `code` of the
/// JSON error object (docs/schema/error.schema.json). Stable `area.condition` names, `other`
/// for the rest. Each `UserFacingError` says its code from its own kind
/// (CouldNotExamine.swift), never from its message.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    // connect: nothing came back from the server.
    public static let connectRefused = ErrorCode(rawValue: "connect.refused")
    public static let connectUnreachable = ErrorCode(rawValue: "connect.unreachable")
    public static let connectLookupFailed = ErrorCode(rawValue: "connect.lookup_failed")
    public static let connectTimedOut = ErrorCode(rawValue: "connect.timed_out")
    public static let connectNoTLSAnswer = ErrorCode(rawValue: "connect.no_tls_answer")

    // scan --bonjour: browsing found nothing to scan.
    public static let bonjourNothingFound = ErrorCode(rawValue: "bonjour.nothing_found")

    // listen: cannot serve.
    public static let listenAddressInUse = ErrorCode(rawValue: "listen.address_in_use")
    public static let listenPermissionDenied = ErrorCode(rawValue: "listen.permission_denied")
    public static let listenAddressUnavailable = ErrorCode(rawValue: "listen.address_unavailable")
    public static let listenIdentityRefused = ErrorCode(rawValue: "listen.identity_refused")

    // capture: cannot read packets.
    public static let captureUnsupportedFile = ErrorCode(rawValue: "capture.unsupported_file")
    public static let captureInterfaceUnavailable = ErrorCode(rawValue: "capture.interface_unavailable")
    public static let captureBadFilter = ErrorCode(rawValue: "capture.bad_filter")
    public static let captureReadFailed = ErrorCode(rawValue: "capture.read_failed")

    // files and passwords.
    public static let fileUnreadable = ErrorCode(rawValue: "file.unreadable")
    public static let fileInvalid = ErrorCode(rawValue: "file.invalid")
    public static let fileNotWritable = ErrorCode(rawValue: "file.not_writable")
    public static let passwordWrong = ErrorCode(rawValue: "password.wrong")
    public static let passwordMissing = ErrorCode(rawValue: "password.missing")

    public static let other = ErrorCode(rawValue: "other")

    /// Every code with what it means, in the order the documentation lists them: the man
    /// page's ERROR CODES section and the schemas are generated from this list
    /// (`make generate`).
    public static let documented: [(code: ErrorCode, meaning: String)] = [
        (
            .connectRefused,
            "Every address refused the TCP connection: nothing listens on that port (or a firewall rejects it)."
        ),
        (.connectUnreachable, "No route to the host or its network from this machine."),
        (.connectLookupFailed, "The name does not resolve, or not within --timeout, or is not a usable address."),
        (
            .connectTimedOut,
            "No answer to the TCP connection within --timeout (the host is down, or a firewall drops the packets)."
        ),
        (
            .connectNoTLSAnswer,
            "The server accepted the TCP connection but sent no byte in answer to the ClientHello within --timeout. A server that answers with bytes that are not TLS (plain HTTP, an SMTP greeting) gets a report with tls.handshake_failed instead."
        ),
        (
            .bonjourNothingFound,
            "scan --bonjour with no other target: no instance of the browsed service types answered within --browse-time with a host and an address, or no socket for multicast DNS could be had."
        ),
        (.listenAddressInUse, "Another program listens on the port."),
        (.listenPermissionDenied, "Binding is not permitted (a port below 1024 without root or CAP_NET_BIND_SERVICE)."),
        (.listenAddressUnavailable, "The address is not one of this machine's, or the name does not resolve."),
        (
            .listenIdentityRefused,
            "OpenSSL will not serve the identity (for example, its key does not belong to its certificate)."
        ),
        (
            .captureUnsupportedFile,
            "The file is not a pcap or pcapng file, or is of a link type tlsprobe does not read."
        ),
        (
            .captureInterfaceUnavailable,
            "The interface cannot be opened (no such interface, or no permission to capture)."
        ),
        (.captureBadFilter, "The BPF filter does not compile."),
        (.captureReadFailed, "Reading failed before the first packet."),
        (
            .fileUnreadable,
            "A file cannot be read: it is missing, permission is denied, it is a directory, or it is over its size limit (see LIMITS); also a capture file or key log that cannot be read."
        ),
        (
            .fileInvalid,
            "A file was read but does not hold what is needed: it is empty or malformed, holds a key where a certificate is needed, or no certificate at all."
        ),
        (
            .fileNotWritable,
            "A file tlsprobe writes (--keylog of connect and listen, --known-hosts, --save-chain, --html, watch's --state and --prometheus) cannot be created, opened, locked or written, or is refused: a symbolic link, not a regular file, another user's, or writable by others; also a --state directory another watch holds."
        ),
        (.passwordWrong, "The password given does not open the file."),
        (
            .passwordMissing,
            "The file is encrypted and no password could be had: none was given, the environment variable of --password-env is not set, or the file of --password-file cannot be read."
        ),
        (
            .other,
            "Anything else (no socket, OpenSSL could not be set up, libpcap could not be loaded for a capture, no thread for listen's reports): the message says what."
        ),
    ]

    /// Every code, in the order the documentation lists them.
    public static let all: [ErrorCode] = documented.map(\.code)

    /// The part before the dot (`connect`, `file`), or the whole code for `other`.
    public var area: String { String(rawValue.prefix { $0 != "." }) }
}
