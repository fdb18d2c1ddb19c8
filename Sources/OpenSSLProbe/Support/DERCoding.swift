internal import COpenSSL

/// Calls OpenSSL's d2i/i2d functions over Swift byte arrays.
enum DERCoding {
    /// Runs a `d2i_TYPE(NULL, &p, len)` over `bytes`; returns the object and how many
    /// bytes it consumed, or nil. Never called with an empty array.
    static func decode<T>(
        _ bytes: ArraySlice<UInt8>,
        _ d2i: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> T?
    ) -> (T, consumed: Int)? {
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> (T, Int)? in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let object = d2i(&cursor, buffer.count), let end = cursor else { return nil }
            return (object, end - base)
        }
    }

    /// Runs an `i2d_TYPE(obj, &p)` twice (size, then bytes); nil on failure.
    static func encode(_ i2d: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32) -> [UInt8]? {
        let length = i2d(nil)
        guard length > 0, length < 64 << 20 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(length))
        let written = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d(&cursor)
        }
        return written == length ? out : nil
    }

    /// The bytes of an ASN1_STRING (OCTET STRING, the DER of a SEQUENCE parameter).
    static func bytes(ofASN1String string: UnsafePointer<ASN1_STRING>?) -> [UInt8]? {
        guard let string, let data = ASN1_STRING_get0_data(string) else { return nil }
        let length = Int(ASN1_STRING_length(string))
        guard length >= 0, length < 64 << 20 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }

    /// An ASN1_INTEGER's value, when it fits.
    static func integer(_ integer: UnsafePointer<ASN1_INTEGER>?) -> Int? {
        guard let integer else { return nil }
        var value: Int64 = 0
        guard ASN1_INTEGER_get_int64(&value, integer) == 1 else { return nil }
        return Int(exactly: value)
    }
}
