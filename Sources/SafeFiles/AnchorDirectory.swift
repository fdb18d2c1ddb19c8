import SystemCalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import TLSModel

/// Trust anchors from a directory (`--anchors DIR`, a directory of `SSL_CERT_DIR`): which of
/// its files are read, in what order, each certificate once, and how a file that cannot be
/// read is told without failing the rest. Reading one file's certificates is OpenSSLProbe's
/// (its `AnchorDirectory.load(path:skipped:)` reads each file with `CredentialFile`).
public enum AnchorDirectory {
    /// The file name endings read, case-insensitively.
    package static let extensions = ["pem", "crt", "cer", "der"]
    /// At most this many directory entries are looked at.
    package static let maximumEntries = 20_000

    /// One file's certificates in file order, each with where it was in the file (`line 12`,
    /// `DER`, `PKCS#12 bag 1`).
    package typealias FileReader = (_ path: String) throws(LoadError) -> [(
        location: String, certificate: X509Certificate
    )]

    /// Every certificate `read` finds in the directory's `*.pem`, `*.crt`, `*.cer` and `*.der`
    /// files, in file-name order, each once (deduplicated by DER, across calls sharing `seen`).
    /// OpenSSL's hashed links (`5ad8a5d6.0`) are skipped unless `includeHashedNames` (an
    /// SSL_CERT_DIR may hold nothing else): they name the same files again. A file that holds
    /// no certificate is an error naming it; one that cannot be read or is over the size
    /// limit is skipped, and what was wrong with it appended to `skipped`, so that one bad
    /// file does not fail the whole directory.
    package static func load(
        path: String,
        includeHashedNames: Bool,
        seen: inout Set<[UInt8]>,
        skipped: inout [String],
        read: FileReader
    ) throws(LoadError) -> [(source: String, certificate: X509Certificate)] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw LoadError(path, .unreadable, "cannot be read (no such directory)")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw LoadError(path, .unreadable, "this is a file, not a directory (use --anchor for a file)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            // Why, as the C library says it (FileManager's error names no cause on Linux).
            let directory = opendir(path)
            let reason = directory == nil ? String(cString: strerror(errno)).lowercased() : "unknown error"
            if let directory { closedir(directory) }
            throw LoadError(path, .unreadable, "the directory cannot be listed (\(reason))")
        }
        guard names.count <= maximumEntries else {
            throw LoadError(
                path,
                .tooLarge,
                "the directory holds \(names.count) entries; tlsprobe reads at most \(maximumEntries)"
            )
        }
        var anchors: [(source: String, certificate: X509Certificate)] = []
        for name in names.sorted() {
            let hashed = isHashedName(name)
            let lower = name.lowercased()
            guard extensions.contains(where: { lower.hasSuffix("." + $0) }) || (includeHashedNames && hashed) else {
                continue
            }
            let file = PathText.appending(name, to: path)
            // Skip what is not a regular file (directories, dangling links, sockets).
            var status = stat()
            guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let found: [(location: String, certificate: X509Certificate)]
            do {
                found = try read(file)
            } catch  where error.kind == .unreadable || error.kind == .tooLarge {
                skipped.append(error.description)
                continue
            }
            for (location, certificate) in found where seen.insert(certificate.der).inserted {
                let source = found.count == 1 ? file : "\(file), \(location)"
                anchors.append((source, certificate))
            }
        }
        return anchors
    }

    /// OpenSSL's `c_rehash` names for certificates: eight hex digits, a dot and a number.
    /// (`HASH.rN`, the CRL links in the same directory, are not anchors.)
    package static func isHashedName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit) else { return false }
        return !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber)
    }
}
