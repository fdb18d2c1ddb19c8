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
