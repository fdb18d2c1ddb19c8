extension OfflineDiagnosis {
    /// `key.mismatch` for our own identity (`connect --identity`, or `--cert` with `--key`)
    /// whose private key belongs to none of its certificates: no handshake can prove we
    /// hold the certificate's key, so connect shakes hands without a client certificate and
    /// reports what the server asked for. `source` names the file(s) as given.
    public static func identityKeyMismatch(source: String, certificates: [X509Certificate], keyPin: String) -> Finding {
        let certificate = certificates.first
        let name = certificate.map { Display.name($0) } ?? "its certificate"
        return Finding(
            code: .keyMismatch,
            subject: .identity,
            message:
                "The private key of our identity \(source) does not belong to \(name): their public keys differ, so no server can accept it (the handshake proves the client holds the certificate's key). tlsprobe shook hands without a client certificate, so the report shows what the server asks for.",
            evidence: [
                "identity": .string(source),
                "key_pin": .string(keyPin),
                "certificate_pin": .optional(certificate?.pin),
                "certificate_pins": .strings(certificates.prefix(8).map(\.pin)),
                "certificate_subject": .optional(certificate?.subjectString),
            ],
            fix:
                "Pair the certificate with the private key it was issued for: compare the pins (tlsprobe inspect \(source.hasPrefix("--cert ") ? String(source.dropFirst(7)) : source)), then export the identity again from the matching pair (openssl pkcs12 -export -inkey KEY -in CERT refuses a key that does not match)."
        )
    }
}
