internal import COpenSSL
import TLSModel

/// The passwords tried while one file is loaded: the empty password (as "" and as
/// NULL), then the provider's, asked for at most once per file and reused for every
/// encrypted part of it.
final class PasswordSession {
    private let name: String
    private let provider: PasswordProvider
    private var given: SecretBuffer?
    private var asked = false

    init(name: String, provider: @escaping PasswordProvider) {
        self.name = name
        self.provider = provider
    }

    /// Opens one encrypted item (`what`: "the private key at line 3") with the empty
    /// password, then the provider's.
    func open<T>(_ what: String, _ attempt: (PasswordCandidate) -> DecryptAttempt<T>) throws(LoadError) -> T {
        // DES, RC2 and RC4 (old PKCS#8 and legacy PEM keys) live in the legacy provider.
        OpenSSLProviders.ensureLegacyAndDefault()
        for candidate in [PasswordCandidate.empty, .null] {
            switch attempt(candidate) {
            case .opened(let value): return value
            case .wrongPassword: continue
            case .failed(let reason): throw LoadError(name, .malformed, "\(what) cannot be decrypted (\(reason))")
            }
        }
        let secret = try password(for: what)
        switch attempt(.given(secret)) {
        case .opened(let value): return value
        case .wrongPassword: throw LoadError(name, .wrongPassword, "the password is wrong (\(what) does not decrypt)")
        case .failed(let reason): throw LoadError(name, .malformed, "\(what) cannot be decrypted (\(reason))")
        }
    }

    private func password(for what: String) throws(LoadError) -> SecretBuffer {
        if let given { return given }
        if asked {
            throw LoadError(
                name,
                .passwordNeeded,
                "\(what) is encrypted and needs a password; \(LoadError.passwordHint)"
            )
        }
        asked = true
        let text: String?
        do {
            text = try provider(name)
        } catch {
            throw LoadError(
                name,
                .passwordNeeded,
                "\(what) is encrypted and needs a password, and it could not be read: \(error)"
            )
        }
        guard let text else {
            throw LoadError(
                name,
                .passwordNeeded,
                "\(what) is encrypted and needs a password; \(LoadError.passwordHint)"
            )
        }
        let secret = SecretBuffer(text)
        given = secret
        return secret
    }
}

/// A NUL-terminated password we own, wiped (`OPENSSL_cleanse`) when released. The
/// `String` it came from cannot be wiped; this keeps at least our copies short-lived.
final class SecretBuffer {
    private var bytes: [CChar]

    /// The empty password.
    init() { bytes = [0] }

    init(_ text: String) {
        bytes = Array(text.utf8CString)
    }

    /// The length without the terminator.
    var count: Int { bytes.count - 1 }

    /// Calls `body` with the NUL-terminated password and its length.
    func withCString<T>(_ body: (UnsafePointer<CChar>, Int32) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            // The terminator is always there, so the buffer is never empty.
            guard let base = buffer.baseAddress else { return try body("", 0) }
            return try body(base, Int32(clamping: buffer.count - 1))
        }
    }

    deinit {
        bytes.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { OPENSSL_cleanse(base, raw.count) }
        }
    }
}

/// The passwords OpenSSL distinguishes when "no password" is meant: an empty string
/// (a BMPString holding only the terminator, for PKCS#12) and NULL (no bytes at all).
/// OpenSSL's own `PKCS12_parse` tries both.
enum PasswordCandidate {
    case empty
    case null
    case given(SecretBuffer)

    /// Calls `body` with the password pointer (nil for `.null`) and its length.
    func with<T>(_ body: (UnsafePointer<CChar>?, Int32) throws -> T) rethrows -> T {
        switch self {
        case .empty: return try body("", 0)
        case .null: return try body(nil, 0)
        case .given(let secret): return try secret.withCString { try body($0, $1) }
        }
    }

    var isGiven: Bool {
        if case .given = self { return true }
        return false
    }
}

/// A `pem_password_cb` that copies the NUL-terminated password passed as `u`; with no
/// `u` it fails (-1) rather than let OpenSSL prompt on the terminal.
let copyPasswordCallback:
    @convention(c) (UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32 = {
        buffer,
        size,
        _,
        user in
        guard let buffer, let user, size > 0 else { return -1 }
        let source = user.assumingMemoryBound(to: CChar.self)
        let length = min(strlen(source), Int(size))
        memcpy(buffer, source, length)
        return Int32(length)
    }
