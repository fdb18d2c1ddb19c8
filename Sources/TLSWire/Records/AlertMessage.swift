/// An alert as sent in a plaintext alert record (RFC 8446 §6, RFC 5246 §7.2).
///
///     struct {
///         AlertLevel level;
///         AlertDescription description;
///     } Alert;
///
/// Once a direction is encrypted its alerts are ciphertext (an `alert` record in TLS 1.2
/// after ChangeCipherSpec; an `application_data` record in TLS 1.3) and cannot be read
/// without keys: report them as encrypted, do not parse them — unless a
/// `RecordDecryptor` opened the record, and then its plaintext parses as here.
public struct Alert: Hashable, Sendable {
    /// `level`: warning or fatal. TLS 1.3 ignores it (every alert but close_notify and
    /// user_canceled is fatal), but peers still send it.
    public var level: AlertLevel
    /// `description`.
    public var description: AlertDescription

    public init(level: AlertLevel, description: AlertDescription) {
        self.level = level
        self.description = description
    }

    /// Exactly one alert: two bytes.
    public init(bytes: some Collection<UInt8>) throws(WireError) {
        var reader = ByteReader(Array(bytes), isComplete: true)
        self = try Self.read(&reader)
        try reader.expectEnd("alert")
    }

    /// Every alert in a plaintext alert record's fragment. TLS 1.2 allowed several in one
    /// record; TLS 1.3 forbids it (RFC 8446 §5.1). An empty fragment is malformed
    /// (RFC 8446 §5.1: "Implementations MUST NOT send zero-length fragments of ... Alert
    /// types"), as is an odd length.
    public static func alerts(in fragment: some Collection<UInt8>, offsetBase: Int = 0) throws(WireError) -> [Alert] {
        var reader = ByteReader(Array(fragment)[...], isComplete: true, offsetBase: offsetBase)
        guard !reader.isAtEnd else {
            throw WireError(.malformed, field: "alert", offset: offsetBase, detail: "empty alert record")
        }
        var alerts: [Alert] = []
        while !reader.isAtEnd { alerts.append(try read(&reader)) }
        return alerts
    }

    /// Every alert in a plaintext alert record; offsets count in the record's stream.
    public static func alerts(in record: TLSRecord) throws(WireError) -> [Alert] {
        guard record.contentType == .alert else {
            throw WireError(
                .malformed,
                field: "content_type",
                offset: record.streamOffset,
                detail: "\(record.contentType) record is not an alert"
            )
        }
        return try alerts(in: record.fragment, offsetBase: record.streamOffset + TLSRecord.headerLength)
    }

    private static func read(_ reader: inout ByteReader) throws(WireError) -> Alert {
        let level = AlertLevel(try reader.readUInt8("level"))
        let description = AlertDescription(try reader.readUInt8("description"))
        return Alert(level: level, description: description)
    }

    /// `fatal handshake_failure (40)`: level and description names with the number.
    public var summary: String {
        "\(level) \(description) (\(description.rawValue))"
    }
}
