import OpenSSLProbe
import PcapSource
import TLSDiagnosis
import TLSProbeOutput
import LiveNetwork
import SafeFiles

/// A problem that stops a run before anything could be examined: an unreadable file, a
/// wrong password, a refused or silent server, a capture that cannot be opened. The
/// command catches it once, prints `Error: ` and its description on stderr and exits 2;
/// with `--json` it also prints the error object (`json(command:lines:)`) on stdout.
public protocol UserFacingError: Error, CustomStringConvertible {
    /// What went wrong, for scripts (ErrorCode.swift).
    var code: ErrorCode { get }
    /// What it is about: the `host:port` dialled, the address listened on, the file or
    /// interface; nil when it is about nothing in particular.
    var target: String? { get }
}

/// A user-facing error that carries its message, code and target.
public struct CouldNotExamine: UserFacingError {
    public let code: ErrorCode
    public let description: String
    public let target: String?

    public init(_ code: ErrorCode, description: String, target: String? = nil) {
        self.code = code
        self.description = description
        self.target = target
    }
}

extension UserFacingError {
    /// The JSON error object of docs/DESIGN.md for `command`: indented as a report, or on
    /// one line for the commands that print JSON Lines (`lines`).
    public func json(command: String, lines: Bool) -> String {
        ReportJSON.error(command: command, code: code.rawValue, message: description, target: target)
            .serialized(pretty: !lines)
    }
}

// The libraries' typed errors say what went wrong in words a user can act on: the
// sessions let them through as they are. Here, and only here, each kind gets its code.

extension ReportReadBack.ReadBackError: UserFacingError {
    public var code: ErrorCode {
        switch kind {
        case .unreadable: .fileUnreadable
        case .malformed: .fileInvalid
        }
    }

    public var target: String? { file }
}

extension LoadError: UserFacingError {
    public var code: ErrorCode {
        switch kind {
        case .unreadable, .tooLarge: .fileUnreadable
        case .notWhatWasExpected, .malformed, .empty, .keyMismatch: .fileInvalid
        case .wrongPassword: .passwordWrong
        case .passwordNeeded: .passwordMissing
        }
    }

    public var target: String? { path }
}

extension ConnectFailure: UserFacingError {
    public var code: ErrorCode {
        switch kind {
        case .refused: .connectRefused
        case .unreachable: .connectUnreachable
        case .unresolved: .connectLookupFailed
        case .connectTimedOut: .connectTimedOut
        case .noTLSAnswer: .connectNoTLSAnswer
        case .local: .other
        }
    }
}

extension ListenFailure: UserFacingError {
    public var code: ErrorCode {
        switch kind {
        case .addressInUse: .listenAddressInUse
        case .permissionDenied: .listenPermissionDenied
        case .unavailable: .listenAddressUnavailable
        case .identity: .listenIdentityRefused
        case .local: .other
        }
    }
}

extension PcapError: UserFacingError {
    public var code: ErrorCode {
        switch kind {
        case .unreadableFile: .fileUnreadable
        case .cannotOpenFile: .captureUnsupportedFile
        case .cannotOpenInterface: .captureInterfaceUnavailable
        case .badFilter: .captureBadFilter
        case .readFailed: .captureReadFailed
        // Like OpenSSL that cannot be set up: not about the file or interface given.
        case .libraryUnavailable: .other
        }
    }
}

extension KeyLog.LoadError: UserFacingError {
    public var code: ErrorCode { .fileUnreadable }
    public var target: String? { path }
}

extension KeyLogFile.OpenError: UserFacingError {
    public var code: ErrorCode { .fileNotWritable }
    public var target: String? { path }
}

extension KnownHostsFile.FileError: UserFacingError {
    public var code: ErrorCode { .fileNotWritable }
    public var target: String? { path }
}

extension ChainFile.WriteError: UserFacingError {
    public var code: ErrorCode { .fileNotWritable }
    public var target: String? { path }
}

// Checked by each command's validate() first (a usage error, exit 64): seen here only if
// a target that parsed once fails to parse again.
extension DialTarget.ParseError: UserFacingError {
    public var code: ErrorCode { .other }
    public var target: String? { nil }
}

/// The versions of the C libraries in use, for `--version`.
public enum LibraryVersions {
    /// `OpenSSL 3.0.19 …`: what every command uses (`tlsprobe --version`).
    public static var openssl: String { OpenSSLLibrary.version }
    /// `OpenSSL 3.0.19 …; libpcap version 1.10.3 …` (`tlsprobe capture --version`): asking
    /// libpcap its version loads it and the libraries it needs, which costs more than the
    /// rest of the start-up, so only the command that captures asks.
    public static var withLibpcap: String { "\(OpenSSLLibrary.version); \(PcapLibrary.version)" }
}
