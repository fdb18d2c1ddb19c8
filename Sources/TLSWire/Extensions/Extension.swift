/// One extension exactly as the peer sent it: its type and its undecoded bytes.
///
/// Hellos, EncryptedExtensions, CertificateRequest, certificate entries and tickets keep
/// their extensions as a list of these, in wire order, duplicates and unknown types
/// included: a diagnostic tool shows what an endpoint would drop. Typed decoders
/// (`Extension+Decoders.swift`) read the data on demand.
///
/// RFC 8446 §4.2:
///
///     struct {
///         ExtensionType extension_type;
///         opaque extension_data<0..2^16-1>;
///     } Extension;
public struct Extension: Hashable, Sendable {
    /// `extension_type`.
    public var type: ExtensionType
    /// `extension_data`, undecoded.
    public var data: [UInt8]
    /// Offset of `data`'s first byte in the message it was read from (counting that
    /// message's 4-byte handshake header), so decoder errors point into the message.
    /// Zero for extensions built in code. Not part of equality.
    public var dataOffset: Int

    /// An extension of `type` carrying `data`.
    public init(type: ExtensionType, data: [UInt8], dataOffset: Int = 0) {
        self.type = type
        self.data = data
        self.dataOffset = dataOffset
    }

    public static func == (lhs: Extension, rhs: Extension) -> Bool {
        lhs.type == rhs.type && lhs.data == rhs.data
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(data)
    }

    /// A bounded reader over `data` whose offsets count in the enclosing message.
    func dataReader() -> ByteReader {
        ByteReader(data[...], isComplete: true, offsetBase: dataOffset)
    }

    /// Reads an `Extension extensions<min..max>` vector, keeping every entry in order.
    static func readList(
        _ reader: inout ByteReader,
        min: Int = 0,
        max: Int = 0xFFFF,
        _ field: String = "extensions"
    ) throws(WireError) -> [Extension] {
        var list = try reader.readVector(prefixLength: 2, min: min, max: max, field)
        var extensions: [Extension] = []
        while !list.isAtEnd {
            let type = ExtensionType(try list.readUInt16("extension_type"))
            var body = try list.readVector(prefixLength: 2, max: 0xFFFF, "extension_data(\(type))")
            let offset = body.offset
            extensions.append(Extension(type: type, data: body.readRest(), dataOffset: offset))
        }
        return extensions
    }
}

extension Array where Element == Extension {
    /// The first extension of `type`, if any.
    public func first(_ type: ExtensionType) -> Extension? {
        first { $0.type == type }
    }

    /// Every extension of `type`, in order (more than one is a protocol violation).
    public func all(_ type: ExtensionType) -> [Extension] {
        filter { $0.type == type }
    }

    /// Whether an extension of `type` is present.
    public func contains(_ type: ExtensionType) -> Bool {
        contains { $0.type == type }
    }

    /// Types that occur more than once, in order of their second occurrence. RFC 8446
    /// §4.2: "There MUST NOT be more than one extension of the same type in a given
    /// extension block."
    public var duplicateTypes: [ExtensionType] {
        var seen: Set<ExtensionType> = []
        var duplicates: [ExtensionType] = []
        for ext in self where !seen.insert(ext.type).inserted && !duplicates.contains(ext.type) {
            duplicates.append(ext.type)
        }
        return duplicates
    }
}
