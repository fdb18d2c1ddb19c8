internal import COpenSSL

/// OpenSSL 3 providers needed to open old PKCS#12 files.
///
/// `-legacy` PKCS#12 files use RC2-40 and 3DES, which live in the "legacy" provider.
/// Loading a provider explicitly stops OpenSSL from loading "default" implicitly, so
/// both are loaded; with "legacy" alone every file fails with "mac verify failure",
/// the same text as a wrong password (docs/NOTES.md, "Providers and PKCS#12").
enum OpenSSLProviders {
    /// Loads "legacy" and "default" once, process-wide; later calls return at once.
    /// Returns whether the legacy provider is available (a build without it still
    /// opens modern files).
    @discardableResult
    static func ensureLegacyAndDefault() -> Bool { loaded }

    // A global's initialiser runs once, under swift_once: thread-safe and lazy.
    private static let loaded: Bool = {
        // Never unloaded: the providers serve every later PKCS#12 and handshake.
        let defaultProvider = OSSL_PROVIDER_load(nil, "default")
        let legacyProvider = OSSL_PROVIDER_load(nil, "legacy")
        OpenSSLErrorQueue.clear()
        return defaultProvider != nil && legacyProvider != nil
    }()
}
