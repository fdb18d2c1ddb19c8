import OpenSSLProbe
import PcapSource
import TLSDiagnosis

/// A problem that stops a run before anything could be examined: an unreadable file, a
/// wrong password, a refused or silent server, a capture that cannot be opened. The
/// command catches it once, prints `Error: ` and its description on stderr and exits 2.
public protocol UserFacingError: Error, CustomStringConvertible {}

/// A user-facing error that carries its message only.
public struct CouldNotExamine: UserFacingError {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

// The libraries' typed errors say what went wrong in words a user can act on: the
// sessions let them through as they are.
extension LoadError: UserFacingError {}
extension ConnectFailure: UserFacingError {}
extension ListenFailure: UserFacingError {}
extension PcapError: UserFacingError {}
extension KeyLog.LoadError: UserFacingError {}
extension KeyLogFile.OpenError: UserFacingError {}
extension KnownHostsFile.FileError: UserFacingError {}
extension DialTarget.ParseError: UserFacingError {}

/// The versions of the C libraries in use, for `--version`.
public enum LibraryVersions {
    /// `OpenSSL 3.0.19 …; libpcap version 1.10.3 …`.
    public static var text: String { "\(OpenSSLLibrary.version); \(PcapLibrary.version)" }
}
