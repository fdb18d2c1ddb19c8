/// A bounded, non-trapping cursor over TLS wire bytes.
///
/// Modelled on rustls `codec::Reader`: fixed-width big-endian integers, length-prefixed
/// vectors that come back as child readers limited to their declared length
/// (`Reader::sub`), and `expectEnd()` to reject trailing bytes (`Reader::all`).
///
/// Every read either succeeds and advances, or throws a `WireError` and leaves the cursor
/// where it was. Running out of bytes is `needMoreBytes` on a reader over a stream that may
/// still grow, and `malformed` on a reader whose end is final (a vector's body, a whole
/// message): there, a short field means the declared lengths disagree.
///
/// Offsets in errors count from the start of the outermost buffer, so an error found deep
/// inside an extension still points at the right byte of the record.
public struct ByteReader: Sendable {
    private let bytes: ArraySlice<UInt8>
    /// Index into `bytes` of the next unread byte.
    private var cursor: Int
    /// Index of offset 0: the start of the outermost buffer this reader was cut from.
    private let origin: Int
    /// Whether the end of `bytes` is the end of the data for good.
    public let isComplete: Bool

    /// A reader over `bytes`. Pass `isComplete: true` when nothing can follow (a whole
    /// message whose length is known), so that running short is reported as malformed.
    public init(_ bytes: [UInt8], isComplete: Bool = false) {
        self.init(slice: bytes[...], isComplete: isComplete)
    }

    /// A reader over a slice; offsets count from the slice's first byte.
    public init(_ bytes: ArraySlice<UInt8>, isComplete: Bool = false) {
        self.init(slice: bytes, isComplete: isComplete)
    }

    /// A reader over a slice whose first byte is reported as offset `offsetBase`: for bytes
    /// cut out of a larger message (an extension's data), so errors still point into it.
    public init(_ bytes: ArraySlice<UInt8>, isComplete: Bool = false, offsetBase: Int) {
        self.init(slice: bytes, isComplete: isComplete, offsetBase: offsetBase)
    }

    private init(slice: ArraySlice<UInt8>, isComplete: Bool, offsetBase: Int = 0) {
        self.bytes = slice
        self.cursor = slice.startIndex
        self.origin = slice.startIndex - offsetBase
        self.isComplete = isComplete
    }

    private init(child: ArraySlice<UInt8>, origin: Int) {
        self.bytes = child
        self.cursor = child.startIndex
        self.origin = origin
        self.isComplete = true
    }

    /// Offset of the next unread byte from the start of the outermost buffer.
    public var offset: Int { cursor - origin }

    /// How many bytes are left to read.
    public var remaining: Int { bytes.endIndex - cursor }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { cursor >= bytes.endIndex }

    /// The unread bytes, without consuming them.
    public var unreadBytes: ArraySlice<UInt8> { bytes[cursor...] }

    // MARK: Integers

    /// Reads one byte.
    public mutating func readUInt8(_ field: String = "uint8") throws(WireError) -> UInt8 {
        try require(1, field)
        let value = bytes[cursor]
        cursor += 1
        return value
    }

    /// Reads a big-endian 16-bit integer.
    public mutating func readUInt16(_ field: String = "uint16") throws(WireError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readBigEndian(2, field))
    }

    /// Reads a big-endian 24-bit integer (handshake and certificate lengths).
    public mutating func readUInt24(_ field: String = "uint24") throws(WireError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readBigEndian(3, field))
    }

    /// Reads a big-endian 32-bit integer.
    public mutating func readUInt32(_ field: String = "uint32") throws(WireError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readBigEndian(4, field))
    }

    /// Looks at the next byte without consuming it; nil at the end.
    public func peekUInt8() -> UInt8? {
        cursor < bytes.endIndex ? bytes[cursor] : nil
    }

    /// Looks at the next two bytes as a big-endian integer without consuming them.
    public func peekUInt16() -> UInt16? {
        guard remaining >= 2 else { return nil }
        return UInt16(bytes[cursor]) << 8 | UInt16(bytes[cursor + 1])
    }

    // MARK: Bytes

    /// Reads exactly `count` bytes.
    public mutating func readBytes(_ count: Int, _ field: String = "bytes") throws(WireError) -> [UInt8] {
        Array(try readSlice(count, field))
    }

    /// Reads exactly `count` bytes as a slice of the underlying buffer (no copy).
    public mutating func readSlice(_ count: Int, _ field: String = "bytes") throws(WireError) -> ArraySlice<UInt8> {
        guard count >= 0 else {
            throw WireError(.malformed, field: field, offset: offset, detail: "negative length \(count)")
        }
        try require(count, field)
        let slice = bytes[cursor..<(cursor + count)]
        cursor += count
        return slice
    }

    /// Skips `count` bytes.
    public mutating func skip(_ count: Int, _ field: String = "bytes") throws(WireError) {
        _ = try readSlice(count, field)
    }

    /// Reads everything that is left.
    public mutating func readRest() -> [UInt8] {
        let rest = Array(bytes[cursor...])
        cursor = bytes.endIndex
        return rest
    }

    // MARK: Vectors

    /// Reads a TLS vector `<min..max>` with a `prefixLength`-byte length (1, 2 or 3) and
    /// returns a child reader bounded to its body. The parent moves past the whole vector.
    ///
    /// A length outside `min...max` is malformed even when the bytes are present: the
    /// peer controls lengths, and the bounds are what the RFC allows.
    public mutating func readVector(
        prefixLength: Int,
        min: Int = 0,
        max: Int,
        _ field: String = "vector"
    ) throws(WireError) -> ByteReader {
        precondition((1...3).contains(prefixLength), "TLS vector length prefixes are 1, 2 or 3 bytes")
        let start = cursor
        let startOffset = offset
        let length = Int(try readBigEndian(prefixLength, field))
        guard length >= min, length <= max else {
            cursor = start
            throw WireError(
                .malformed,
                field: field,
                offset: startOffset,
                detail: "length \(length) outside \(min)...\(max)"
            )
        }
        guard remaining >= length else {
            let short = length - remaining
            cursor = start
            throw WireError(
                isComplete ? .malformed : .needMoreBytes,
                field: field,
                offset: startOffset,
                detail: "declared length \(length), \(short) more byte\(short == 1 ? "" : "s") needed"
            )
        }
        let body = bytes[cursor..<(cursor + length)]
        cursor += length
        return ByteReader(child: body, origin: origin)
    }

    /// Reads a vector of big-endian 16-bit values (cipher suites, groups, signature
    /// schemes); its byte length must be even.
    public mutating func readUInt16List(
        prefixLength: Int,
        min: Int = 0,
        max: Int,
        _ field: String = "uint16_list"
    ) throws(WireError) -> [UInt16] {
        let start = cursor
        var body = try readVector(prefixLength: prefixLength, min: min, max: max, field)
        guard body.remaining % 2 == 0 else {
            let bodyLength = body.remaining
            cursor = start
            throw WireError(
                .malformed,
                field: field,
                offset: body.offset - prefixLength,
                detail: "length \(bodyLength) is not a multiple of 2"
            )
        }
        var values: [UInt16] = []
        values.reserveCapacity(body.remaining / 2)
        while !body.isAtEnd { values.append(try body.readUInt16(field)) }
        return values
    }

    /// Throws unless every byte has been read (rustls `Reader::all`, swift-asn1 sequences).
    public func expectEnd(_ field: String = "end") throws(WireError) {
        guard isAtEnd else {
            throw WireError(
                .malformed,
                field: field,
                offset: offset,
                detail: "\(remaining) trailing byte\(remaining == 1 ? "" : "s")"
            )
        }
    }

    /// Runs `body` on this reader and restores the cursor if it throws, so a message that
    /// fails half-way leaves the reader where the message began.
    public mutating func transaction<T, E: Error>(
        _ body: (inout ByteReader) throws(E) -> T
    ) throws(E) -> T {
        let saved = cursor
        do throws(E) {
            return try body(&self)
        } catch {
            cursor = saved
            throw error
        }
    }

    // MARK: Helpers

    private func require(_ count: Int, _ field: String) throws(WireError) {
        guard remaining >= count else {
            let short = count - remaining
            throw WireError(
                isComplete ? .malformed : .needMoreBytes,
                field: field,
                offset: offset,
                detail: "\(short) more byte\(short == 1 ? "" : "s") needed"
            )
        }
    }

    private mutating func readBigEndian(_ width: Int, _ field: String) throws(WireError) -> UInt64 {
        try require(width, field)
        var value: UInt64 = 0
        for index in cursor..<(cursor + width) { value = value << 8 | UInt64(bytes[index]) }
        cursor += width
        return value
    }
}
