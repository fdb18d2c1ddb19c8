import TLSWire

extension HandshakeDiagnosis {
    /// `tls.no_secure_renegotiation`: the server chose TLS 1.2 or older and its ServerHello
    /// has no renegotiation_info, though our ClientHello asked for one with the SCSV or the
    /// extension (RFC 5746 3.6: such a server must answer with the extension). OpenSSL 3
    /// clients refuse it ("unsafe legacy renegotiation disabled"); tlsprobe's own client
    /// allows it (SSL_OP_LEGACY_SERVER_CONNECT) so the chain is still judged. TLS 1.3 has no
    /// renegotiation, and a hello that did not ask proves nothing.
    public static func secureRenegotiationFinding(_ o: HandshakeObservation, profile: Profile) -> Finding? {
        guard let hello = o.serverHello, !hello.helloRetryRequest, hello.version.tlsEquivalent <= .tls12,
            let offer = o.clientHello
        else { return nil }
        let scsvSent = offer.cipherSuites.contains(.emptyRenegotiationInfoSCSV)
        let extensionSent = offer.extensions.contains(.renegotiationInfo)
        guard scsvSent || extensionSent, !hello.extensions.contains(.renegotiationInfo) else { return nil }
        let asked = scsvSent ? "TLS_EMPTY_RENEGOTIATION_INFO_SCSV" : "the renegotiation_info extension"
        let who: String
        switch profile.name {
        case Profile.openssl.name:
            who =
                "OpenSSL 3 clients refuse this server: curl (exit 35), Python, Node and anything else linked against OpenSSL 3 fail with \"unsafe legacy renegotiation disabled\", while browsers and Apple's clients still connect."
        case Profile.apple.name:
            who =
                "Apple's clients connect all the same, but OpenSSL 3 clients (curl, Python, Node) refuse this server with \"unsafe legacy renegotiation disabled\"."
        default:
            who =
                "OpenSSL 3 clients (curl, Python, Node) refuse this server with \"unsafe legacy renegotiation disabled\"; browsers and Apple's clients still connect."
        }
        let finding = Finding(
            code: .tlsNoSecureRenegotiation,
            subject: .connection,
            message:
                "The server's \(hello.version) ServerHello has no renegotiation_info extension in answer to our \(asked): it lacks RFC 5746 secure renegotiation. \(who)",
            evidence: [
                "version": .string(hello.version.description),
                "scsv_sent": .bool(scsvSent),
                "extension_sent": .bool(extensionSent),
                "server_extensions": .strings(hello.extensions.map(\.description)),
            ]
        )
        return profile.apply(finding)
    }
}
