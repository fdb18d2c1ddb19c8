/// What stopped a run before anything could be examined, for scripts: the `code` of the
/// JSON error object (docs/DESIGN.md, docs/schema/error.schema.json; the man page's ERROR
/// CODES says what each means). Stable `area.condition` names, `other` for the rest.
/// Each `UserFacingError` says its code from its own kind (CouldNotExamine.swift), never
/// from its message.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    // connect: nothing came back from the server.
    /// Every address refused the TCP connection: nothing listens there.
    public static let connectRefused = ErrorCode(rawValue: "connect.refused")
    /// No route to the host or its network.
    public static let connectUnreachable = ErrorCode(rawValue: "connect.unreachable")
    /// The name did not resolve (or not within --timeout), or is not a usable address.
    public static let connectLookupFailed = ErrorCode(rawValue: "connect.lookup_failed")
    /// No answer to the TCP connection within --timeout.
    public static let connectTimedOut = ErrorCode(rawValue: "connect.timed_out")
    /// The TCP connection was accepted, but no byte came back to the ClientHello within --timeout.
    public static let connectNoTLSAnswer = ErrorCode(rawValue: "connect.no_tls_answer")

    // listen: cannot serve.
    /// Another program listens on the port.
    public static let listenAddressInUse = ErrorCode(rawValue: "listen.address_in_use")
    /// Binding is not permitted (a port below 1024 without root).
    public static let listenPermissionDenied = ErrorCode(rawValue: "listen.permission_denied")
    /// The address is not this machine's, or the name does not resolve.
    public static let listenAddressUnavailable = ErrorCode(rawValue: "listen.address_unavailable")
    /// OpenSSL refuses to serve the identity (its key does not match its certificate...).
    public static let listenIdentityRefused = ErrorCode(rawValue: "listen.identity_refused")

    // capture: cannot read packets.
    /// Not a pcap or pcapng file, or of a link type tlsprobe does not read.
    public static let captureUnsupportedFile = ErrorCode(rawValue: "capture.unsupported_file")
    /// The interface cannot be opened (no such interface, no permission).
    public static let captureInterfaceUnavailable = ErrorCode(rawValue: "capture.interface_unavailable")
    /// The BPF filter does not compile.
    public static let captureBadFilter = ErrorCode(rawValue: "capture.bad_filter")
    /// Reading failed before the first packet.
    public static let captureReadFailed = ErrorCode(rawValue: "capture.read_failed")

    // files and passwords.
    /// A file cannot be read: missing, no permission, a directory, over its size limit.
    public static let fileUnreadable = ErrorCode(rawValue: "file.unreadable")
    /// A file was read but does not hold what is needed: empty, malformed, a key where a
    /// certificate is needed, no certificate at all.
    public static let fileInvalid = ErrorCode(rawValue: "file.invalid")
    /// A file tlsprobe writes (--keylog of connect and listen, --known-hosts) cannot be
    /// opened, locked or written, or is refused (a symbolic link, not a regular file,
    /// another user's, writable by others).
    public static let fileNotWritable = ErrorCode(rawValue: "file.not_writable")
    /// The password given does not open the file.
    public static let passwordWrong = ErrorCode(rawValue: "password.wrong")
    /// The file is encrypted and no password could be had: none given, the environment
    /// variable unset, the password file unreadable.
    public static let passwordMissing = ErrorCode(rawValue: "password.missing")

    /// Anything else (no socket, OpenSSL could not be set up): the message says what.
    public static let other = ErrorCode(rawValue: "other")

    /// Every code, in the order the documentation lists them.
    public static let all: [ErrorCode] = [
        .connectRefused, .connectUnreachable, .connectLookupFailed, .connectTimedOut, .connectNoTLSAnswer,
        .listenAddressInUse, .listenPermissionDenied, .listenAddressUnavailable, .listenIdentityRefused,
        .captureUnsupportedFile, .captureInterfaceUnavailable, .captureBadFilter, .captureReadFailed,
        .fileUnreadable, .fileInvalid, .fileNotWritable, .passwordWrong, .passwordMissing,
        .other,
    ]
}
