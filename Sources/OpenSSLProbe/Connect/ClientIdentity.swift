import TLSDiagnosis

/// A client identity for mutual TLS: a certificate chain (leaf first) and the private key
/// of the leaf, from `--identity FILE.p12` or `--cert FILE --key FILE`.
public struct ClientIdentity: Sendable {
    /// Leaf first, then the chain sent after it.
    public let certificates: [X509Certificate]
    /// The leaf's private key.
    let key: PrivateKey

    /// Pairs `certificates` with `key`: the first certificate whose public key is the key's
    /// becomes the leaf; the others follow in file order. Throws a message when none is.
    public init(certificates: [X509Certificate], key: PrivateKey, describing source: String) throws(LoadError) {
        guard !certificates.isEmpty else {
            throw LoadError(path: source, kind: .notWhatWasExpected, description: "\(source): no certificate to go with the private key")
        }
        guard let leafIndex = certificates.firstIndex(where: key.matches) else {
            throw LoadError(
                path: source, kind: .notWhatWasExpected,
                description: "\(source): the private key does not belong to the certificate \"\(certificates[0].subjectString)\" (key \(key.details.pin), certificate \(certificates[0].pin))")
        }
        var ordered = [certificates[leafIndex]]
        for (i, certificate) in certificates.enumerated() where i != leafIndex && !ordered.contains(certificate) {
            ordered.append(certificate)
        }
        self.certificates = ordered
        self.key = key
    }

    /// Reads a PKCS#12 file (or a PEM file holding both certificate and key).
    public static func load(identity path: String, password: @escaping PasswordProvider) throws(LoadError) -> ClientIdentity {
        let loaded = try CredentialFile.load(path: path, expecting: .privateKey, password: password)
        guard let key = loaded.keys.first else {
            throw LoadError(path: path, kind: .notWhatWasExpected, description: "\(path): holds no private key, so it cannot be a client identity")
        }
        return try ClientIdentity(certificates: loaded.certificates, key: key, describing: path)
    }

    /// Reads a certificate file (leaf first, chain after it) and a key file.
    public static func load(certificate certificatePath: String, key keyPath: String, password: @escaping PasswordProvider) throws(LoadError) -> ClientIdentity {
        let certificates = try CredentialFile.load(path: certificatePath, expecting: .certificates, password: password).certificates
        let keys = try CredentialFile.load(path: keyPath, expecting: .privateKey, password: password).keys
        guard let key = keys.first else {
            throw LoadError(path: keyPath, kind: .notWhatWasExpected, description: "\(keyPath): holds no private key")
        }
        return try ClientIdentity(certificates: certificates, key: key, describing: "--cert \(certificatePath) --key \(keyPath)")
    }
}
