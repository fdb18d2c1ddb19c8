internal import COpenSSL
import Foundation
import TLSModel

/// The trust anchors an OpenSSL client on this machine would use (`--system-anchors`).
public enum SystemAnchors {
    /// The certificates of `SSL_CERT_FILE` and `SSL_CERT_DIR` (a colon-separated list)
    /// when set, else of OpenSSL's default CA file (`X509_get_default_cert_file()`,
    /// `/usr/lib/ssl/cert.pem` on Debian). `source` says which, e.g.
    /// "/usr/lib/ssl/cert.pem (OpenSSL's default CA file)".
    public static func load() throws(LoadError) -> (source: String, certificates: [X509Certificate]) {
        try load(environment: ProcessInfo.processInfo.environment)
    }

    /// `load()` with the environment given (tests never change the process's own).
    static func load(environment: [String: String]) throws(LoadError) -> (source: String, certificates: [X509Certificate]) {
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
            guard FileManager.default.fileExists(atPath: file) else {
                throw LoadError(
                    file, .unreadable,
                    "OpenSSL's default CA file does not exist; install the system's CA certificates (Debian: apt-get install ca-certificates) or set \(fileVariable)")
            }
            try add(fileAt: file)
            sources.append("\(file) (OpenSSL's default CA file)")
        }
        guard !certificates.isEmpty else {
            throw LoadError(sources.joined(separator: ", "), .notWhatWasExpected, "no certificates in the system trust store")
        }
        return (sources.joined(separator: ", "), certificates)
    }
}
