internal import COpenSSL
import SystemCalls
import TLSModel
import SafeFiles

/// The trust anchors an OpenSSL client on this machine would use (`--system-anchors`).
public enum SystemAnchors {
    /// The certificates of `SSL_CERT_FILE` and `SSL_CERT_DIR` (a colon-separated list)
    /// when set, else of OpenSSL's default CA file (`X509_get_default_cert_file()`,
    /// `/usr/lib/ssl/cert.pem` on Debian), else, on macOS, of `/etc/ssl/cert.pem`. `source` says which, e.g.
    /// "/usr/lib/ssl/cert.pem (OpenSSL's default CA file)".
    public static func load() throws(LoadError) -> (source: String, certificates: [X509Certificate]) {
        try load(environment: ProcessInfo.processInfo.environment)
    }

    #if os(macOS)
    /// The bundle read when OpenSSL's default CA file is absent (a Homebrew OpenSSL whose
    /// etc/openssl@3/cert.pem is missing): macOS keeps the system's roots as PEM here.
    static let systemBundle: String? = "/etc/ssl/cert.pem"
    static let installHint = "brew install ca-certificates"
    #else
    static let systemBundle: String? = nil
    static let installHint = "Debian: apt-get install ca-certificates"
    #endif

    /// `load()` with the environment given (tests never change the process's own).
    static func load(
        environment: [String: String]
    ) throws(LoadError) -> (source: String, certificates: [X509Certificate]) {
        let fileVariable = String(cString: X509_get_default_cert_file_env())
        let directoryVariable = String(cString: X509_get_default_cert_dir_env())
        var sources: [String] = []
        var certificates: [X509Certificate] = []
        var seen = Set<[UInt8]>()

        func add(fileAt path: String) throws(LoadError) {
            let loaded = try CredentialFile.load(path: path, expecting: .certificates, password: { _ in nil })
            for certificate in loaded.certificates where seen.insert(certificate.der).inserted {
                certificates.append(certificate)
            }
        }

        if let file = environment[fileVariable], !file.isEmpty {
            try add(fileAt: file)
            sources.append("\(file) (\(fileVariable))")
        }
        if let directories = environment[directoryVariable], !directories.isEmpty {
            for directory in directories.split(separator: ":").map(String.init) where !directory.isEmpty {
                let anchors = try AnchorDirectory.load(path: directory, includeHashedNames: true, seen: &seen)
                certificates += anchors.map(\.certificate)
                sources.append("\(directory) (\(directoryVariable))")
            }
        }
        if sources.isEmpty {
            let file = String(cString: X509_get_default_cert_file())
            if FileManager.default.fileExists(atPath: file) {
                try add(fileAt: file)
                sources.append("\(file) (OpenSSL's default CA file)")
            } else if let bundle = systemBundle, FileManager.default.fileExists(atPath: bundle) {
                try add(fileAt: bundle)
                sources.append("\(bundle) (the system's CA bundle)")
            } else {
                throw LoadError(
                    file,
                    .unreadable,
                    "OpenSSL's default CA file does not exist; install the system's CA certificates (\(installHint)) or set \(fileVariable)"
                )
            }
        }
        guard !certificates.isEmpty else {
            throw LoadError(
                sources.joined(separator: ", "),
                .notWhatWasExpected,
                "no certificates in the system trust store"
            )
        }
        return (sources.joined(separator: ", "), certificates)
    }
}

extension AnchorDirectory {
    /// Every certificate in the directory's `*.pem`, `*.crt`, `*.cer` and `*.der` files, in
    /// file-name order, each once, each file read as `--anchor FILE` reads it (SafeFiles'
    /// `AnchorDirectory` says which files, and what one that cannot be read does). A file
    /// that holds no certificate is an error naming it; one that cannot be read or is over
    /// the size limit is skipped, and what was wrong with it appended to `skipped`.
    public static func load(
        path: String,
        skipped: inout [String]
    ) throws(LoadError) -> [(source: String, certificate: X509Certificate)] {
        var seen = Set<[UInt8]>()
        return try load(path: path, includeHashedNames: false, seen: &seen, skipped: &skipped, read: certificates(in:))
    }

    /// As `load(path:skipped:)`, the skipped files not told.
    public static func load(path: String) throws(LoadError) -> [(source: String, certificate: X509Certificate)] {
        var skipped: [String] = []
        return try load(path: path, skipped: &skipped)
    }

    /// `includeHashedNames` reads `HASH.N` entries too (an SSL_CERT_DIR may hold nothing else).
    static func load(
        path: String,
        includeHashedNames: Bool,
        seen: inout Set<[UInt8]>
    ) throws(LoadError) -> [(source: String, certificate: X509Certificate)] {
        var skipped: [String] = []
        return try load(
            path: path,
            includeHashedNames: includeHashedNames,
            seen: &seen,
            skipped: &skipped,
            read: certificates(in:)
        )
    }

    /// One anchor file's certificates, with where each was, as `CredentialFile` reads them.
    static func certificates(in file: String) throws(LoadError) -> [(location: String, certificate: X509Certificate)] {
        let loaded = try CredentialFile.load(path: file, expecting: .certificates, password: { _ in nil })
        return Array(zip(loaded.certificateLocations, loaded.certificates))
    }
}
