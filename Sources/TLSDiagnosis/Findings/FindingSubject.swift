extension Finding {
    /// What a finding is about. Reports print `description`, the strings tlsprobe has
    /// always printed (`certificate[0]`, `anchor root.pem`, `file[id.p12]`, `connection`);
    /// code compares the cases instead of parsing those strings back.
    public indirect enum Subject: Sendable, Hashable, CustomStringConvertible {
        /// A certificate of the chain, by position in what was presented (0 = leaf): `certificate[i]`.
        case certificate(Int)
        /// An anchor that was not presented, by where it came from: `anchor SOURCE`.
        case anchor(String)
        /// A certificate in an input file of `inspect`: `PATH: certificate[i]`.
        case certificateInFile(path: String, index: Int)
        /// An input file as a whole (a PKCS#12 file): `file[PATH]`.
        case file(String)
        /// A private key file, by its path as given.
        case key(String)
        /// The connection or its handshake: `connection`.
        case connection
        /// The presented chain as a whole, when it could not be read: `chain`.
        case chain
        /// The client identity tlsprobe was given: `identity`.
        case identity
        /// The same subject on the client's side of a connection: `client ` and the subject.
        case client(Subject)

        /// The string reports print, unchanged from when subjects were strings.
        public var description: String {
            switch self {
            case .certificate(let index): return "certificate[\(index)]"
            case .anchor(let source): return "anchor \(source)"
            case .certificateInFile(let path, let index): return "\(path): certificate[\(index)]"
            case .file(let path): return "file[\(path)]"
            case .key(let path): return path
            case .connection: return "connection"
            case .chain: return "chain"
            case .identity: return "identity"
            case .client(let subject): return "client \(subject.description)"
            }
        }
    }
}
