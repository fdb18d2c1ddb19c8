internal import COpenSSL
import Foundation
import TLSDiagnosis

/// Reads certificate, key and PKCS#12 files, whatever their name says: the content is
/// sniffed (PEM text, DER, PKCS#12), and a file that holds something other than what
/// was asked for is an error that says what it holds instead.
public enum CredentialFile {
    /// The largest file read: 16 MiB (the biggest CA bundles are under 1 MiB).
    public static let maximumSize = 16 << 20

    /// Reads the file at `path`. `password` is asked only when the empty password does
    /// not open an encrypted part, at most once per file.
    public static func load(path: String, expecting: CredentialExpectation, password: @escaping PasswordProvider) throws(LoadError) -> LoadedFile {
        let bytes = try FileBytes.read(path, limit: maximumSize)
        return try load(bytes: bytes, name: path, expecting: expecting, password: password)
    }

    /// Reads `bytes` as if from a file called `name` (tests and fuzzing).
    public static func load(bytes: [UInt8], name: String, expecting: CredentialExpectation, password: @escaping PasswordProvider) throws(LoadError) -> LoadedFile {
        guard bytes.count <= maximumSize else {
            throw LoadError(name, .tooLarge, "the file is \(bytes.count) bytes; tlsprobe reads credential files up to 16 MiB")
        }
        guard !bytes.isEmpty else { throw LoadError(name, .empty, "the file is empty") }
        let session = PasswordSession(name: name, provider: password)
        if PEM.containsPEM(bytes) {
            return try PEMLoader(name: name, expecting: expecting, session: session).load(bytes)
        }
        if Sniff.looksLikeText(bytes) {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                throw LoadError(name, .empty, "the file holds only white space")
            }
            throw LoadError(name, .malformed, "no certificate, key or PKCS#12 data found (it looks like text)")
        }
        if bytes.first == 0x30 {
            return try DERLoader(name: name, expecting: expecting, session: session, provider: password).load(bytes)
        }
        throw LoadError(name, .malformed, "no certificate, key or PKCS#12 data found (it looks like binary data)")
    }
}

/// What a file (or one PEM block of it) holds, for saying what it is.
enum CredentialItem: Hashable {
    case certificate
    case privateKey
    case certificateRequest
    case crl
    case publicKey
    case pkcs7
    case opensshKey
    case parameters(String)
    case unknown(String)

    /// "a certificate", "3 certificates".
    func phrase(count: Int) -> String {
        func noun(_ singular: String, _ plural: String, article: String = "a") -> String {
            count == 1 ? "\(article) \(singular)" : "\(count) \(plural)"
        }
        switch self {
        case .certificate: return noun("certificate", "certificates")
        case .privateKey: return noun("private key", "private keys")
        case .certificateRequest: return noun("certificate signing request", "certificate signing requests")
        case .crl: return noun("certificate revocation list", "certificate revocation lists")
        case .publicKey: return noun("public key", "public keys")
        case .pkcs7: return noun("PKCS#7 structure", "PKCS#7 structures")
        case .opensshKey: return noun("OpenSSH private key", "OpenSSH private keys", article: "an")
        case .parameters(let label):
            let algorithm = label.replacingOccurrences(of: " PARAMETERS", with: "")
            return "\(algorithm) parameters"
        case .unknown(let label): return noun("\"\(label)\" PEM block", "\"\(label)\" PEM blocks")
        }
    }

    /// Whether a failure to read this item matters for `expecting`.
    func matters(for expecting: CredentialExpectation) -> Bool {
        switch (self, expecting) {
        case (_, .anything): return true
        case (.certificate, .certificates), (.pkcs7, .certificates): return true
        case (.privateKey, .privateKey): return true
        default: return false
        }
    }

    /// The error for a file holding `items` when `expecting` something else.
    static func unexpected(_ items: [CredentialItem], name: String, expecting: CredentialExpectation) -> LoadError {
        var order: [CredentialItem] = []
        var counts: [CredentialItem: Int] = [:]
        for item in items {
            if counts[item] == nil { order.append(item) }
            counts[item, default: 0] += 1
        }
        let wanted: String
        switch expecting {
        case .certificates: wanted = "certificate"
        case .privateKey: wanted = "private key"
        case .anything: wanted = "certificate, key or PKCS#12 data"
        }
        if expecting == .privateKey, order.contains(.opensshKey) {
            return LoadError(
                name, .notWhatWasExpected,
                "this is an OpenSSH private key; TLS needs a PEM or DER key in PKCS#8, SEC1 or PKCS#1 form (convert a copy: ssh-keygen -p -m PKCS8 -f COPY)")
        }
        let phrases = order.map { $0.phrase(count: counts[$0] ?? 1) }
        guard let last = phrases.last else {
            return LoadError(name, .notWhatWasExpected, "no \(wanted) found")
        }
        if phrases.count == 1, counts[order[0]] == 1 {
            return LoadError(name, .notWhatWasExpected, "this is \(last), not a \(wanted)")
        }
        let list = phrases.count == 1 ? last : phrases.dropLast().joined(separator: ", ") + " and " + last
        return LoadError(name, .notWhatWasExpected, "this holds \(list) but no \(wanted)")
    }
}

/// Cheap looks at bytes.
enum Sniff {
    /// Whether the start of `bytes` reads as text: no control characters besides tab,
    /// line ends and form feed (bytes >= 0x80 may be UTF-8).
    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        !bytes.prefix(4096).contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C) || $0 == 0x7F }
    }

    /// The total size (header and contents) an outer DER TLV declares, when its header
    /// can be read; nil for an indefinite or absurd length.
    static func declaredDERLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes[1]
        if first < 0x80 { return 2 + Int(first) }
        let octets = Int(first & 0x7F)
        guard octets >= 1, octets <= 4, bytes.count >= 2 + octets else { return nil }
        var length = 0
        for byte in bytes[2..<(2 + octets)] { length = length << 8 | Int(byte) }
        return 2 + octets + length
    }
}

/// Reads a whole file with a size limit, with errors that say why it cannot be read.
enum FileBytes {
    static func read(_ path: String, limit: Int) throws(LoadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LoadError(path, .unreadable, "cannot be read (\(reason(errno)))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw LoadError(path, .unreadable, "cannot be read (\(reason(errno)))") }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw LoadError(path, .unreadable, "this is a directory, not a file")
        }
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > limit {
            throw LoadError(path, .tooLarge, "the file is \(status.st_size) bytes; tlsprobe reads credential files up to 16 MiB")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LoadError(path, .unreadable, "cannot be read (\(reason(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.count > limit {
            throw LoadError(path, .tooLarge, "the file is over 16 MiB; tlsprobe reads credential files up to 16 MiB")
        }
        return bytes
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        default: return String(cString: strerror(code))
        }
    }
}
