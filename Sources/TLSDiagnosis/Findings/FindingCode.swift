/// A stable finding code, `area.condition`, as listed in docs/DESIGN.md and the man page.
///
/// An open struct rather than an enum so that a code read back from JSON or typed by a
/// user can be represented even when this build does not know it.
public struct FindingCode: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The part before the dot: `chain`, `cert`, `name`, `tls`, `mtls`, `ocsp`, `pin`, `pkcs12`, `key`, `capture`, `fleet`.
    public var area: String { String(rawValue.prefix(while: { $0 != "." })) }

    public var description: String { rawValue }

    public static func < (lhs: FindingCode, rhs: FindingCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The catalog entry of a code this build reports; stops the program for any other code.
    ///
    /// Every static code below has an entry (a test checks), and checks only report those,
    /// so a miss here is a programming error: stopping beats showing a finding with a
    /// made-up title and severity. A code from outside (typed by a user, read from a file)
    /// goes through `FindingCatalog.entry(for:)` or `isKnown` instead, which answer nil/false.
    public var entry: FindingCatalog.Entry {
        guard let entry = FindingCatalog.entry(for: self) else {
            preconditionFailure("finding code \(rawValue) has no FindingCatalog entry")
        }
        return entry
    }

    /// Whether this build's catalog has the code.
    public var isKnown: Bool { FindingCatalog.entry(for: self) != nil }
}

extension FindingCode {
    // chain
    public static let chainUntrustedRoot = FindingCode(rawValue: "chain.untrusted_root")
    public static let chainAnchorKeyMismatch = FindingCode(rawValue: "chain.anchor_key_mismatch")
    public static let chainStaleIntermediate = FindingCode(rawValue: "chain.stale_intermediate")
    public static let chainMissingIntermediate = FindingCode(rawValue: "chain.missing_intermediate")
    public static let chainSelfSignedLeaf = FindingCode(rawValue: "chain.self_signed_leaf")
    public static let chainAnchorNotRoot = FindingCode(rawValue: "chain.anchor_not_root")
    public static let chainWrongOrder = FindingCode(rawValue: "chain.wrong_order")
    public static let chainUnrelatedCertificate = FindingCode(rawValue: "chain.unrelated_certificate")
    public static let chainRootSent = FindingCode(rawValue: "chain.root_sent")
    public static let chainBadSignature = FindingCode(rawValue: "chain.bad_signature")
    public static let chainIssuerNotCA = FindingCode(rawValue: "chain.issuer_not_ca")
    public static let chainPathLengthExceeded = FindingCode(rawValue: "chain.path_length_exceeded")
    public static let chainIssuerMissingCertSign = FindingCode(rawValue: "chain.issuer_missing_cert_sign")
    public static let chainNameConstraintsViolated = FindingCode(rawValue: "chain.name_constraints_violated")
    public static let chainTooLong = FindingCode(rawValue: "chain.too_long")
    // cert
    public static let certCAAsLeaf = FindingCode(rawValue: "cert.ca_as_leaf")
    public static let certExpired = FindingCode(rawValue: "cert.expired")
    public static let certNotYetValid = FindingCode(rawValue: "cert.not_yet_valid")
    public static let certExpiresSoon = FindingCode(rawValue: "cert.expires_soon")
    public static let certEKUMissingServerAuth = FindingCode(rawValue: "cert.eku_missing_server_auth")
    public static let certEKUMissingClientAuth = FindingCode(rawValue: "cert.eku_missing_client_auth")
    public static let certKeyUsageIncompatible = FindingCode(rawValue: "cert.key_usage_incompatible")
    public static let certWeakKey = FindingCode(rawValue: "cert.weak_key")
    public static let certWeakSignature = FindingCode(rawValue: "cert.weak_signature")
    public static let certValidityTooLong = FindingCode(rawValue: "cert.validity_too_long")
    public static let certMalformed = FindingCode(rawValue: "cert.malformed")
    public static let certNonconforming = FindingCode(rawValue: "cert.nonconforming")
    public static let certUnknownCriticalExtension = FindingCode(rawValue: "cert.unknown_critical_extension")
    public static let certUnsupportedAlgorithm = FindingCode(rawValue: "cert.unsupported_algorithm")
    public static let certVendorDefault = FindingCode(rawValue: "cert.vendor_default")
    // name
    public static let nameMismatch = FindingCode(rawValue: "name.mismatch")
    public static let nameIPNotInSAN = FindingCode(rawValue: "name.ip_not_in_san")
    public static let nameCNOnly = FindingCode(rawValue: "name.cn_only")
    public static let nameSNINotServed = FindingCode(rawValue: "name.sni_not_served")
    // tls
    public static let tlsProtocolTooOld = FindingCode(rawValue: "tls.protocol_too_old")
    public static let tlsNoForwardSecrecy = FindingCode(rawValue: "tls.no_forward_secrecy")
    public static let tlsHandshakeFailed = FindingCode(rawValue: "tls.handshake_failed")
    public static let tlsNoCommonVersion = FindingCode(rawValue: "tls.no_common_version")
    public static let tlsNoCommonCipher = FindingCode(rawValue: "tls.no_common_cipher")
    public static let tlsStartTLSRefused = FindingCode(rawValue: "tls.starttls_refused")
    public static let tlsStartTLSNotUsed = FindingCode(rawValue: "tls.starttls_not_used")
    public static let tlsHelloRetryNotFollowed = FindingCode(rawValue: "tls.hello_retry_not_followed")
    public static let tlsAppleClientRefused = FindingCode(rawValue: "tls.apple_client_refused")
    public static let tlsClientNotTLS = FindingCode(rawValue: "tls.client_not_tls")
    public static let tlsClientGaveUpOnCertificate = FindingCode(rawValue: "tls.client_gave_up_on_certificate")
    public static let tlsNoSecureRenegotiation = FindingCode(rawValue: "tls.no_secure_renegotiation")
    public static let tlsLargeHelloRefused = FindingCode(rawValue: "tls.large_hello_refused")
    // ocsp
    public static let ocspRevoked = FindingCode(rawValue: "ocsp.revoked")
    public static let ocspInvalidStaple = FindingCode(rawValue: "ocsp.invalid_staple")
    public static let ocspStaleStaple = FindingCode(rawValue: "ocsp.stale_staple")
    // mtls
    public static let mtlsClientCertRequested = FindingCode(rawValue: "mtls.client_cert_requested")
    public static let mtlsClientCertRequired = FindingCode(rawValue: "mtls.client_cert_required")
    public static let mtlsIdentityNotAcceptable = FindingCode(rawValue: "mtls.identity_not_acceptable")
    public static let mtlsClientCertRejected = FindingCode(rawValue: "mtls.client_cert_rejected")
    // pin
    public static let pinMismatch = FindingCode(rawValue: "pin.mismatch")
    public static let pinFirstUse = FindingCode(rawValue: "pin.first_use")
    public static let pinMatch = FindingCode(rawValue: "pin.match")
    // pkcs12, key
    public static let pkcs12WrongPassword = FindingCode(rawValue: "pkcs12.wrong_password")
    public static let pkcs12ModernEncryption = FindingCode(rawValue: "pkcs12.modern_encryption")
    public static let pkcs12NoPrivateKey = FindingCode(rawValue: "pkcs12.no_private_key")
    public static let keyMismatch = FindingCode(rawValue: "key.mismatch")
    // capture
    public static let captureAlert = FindingCode(rawValue: "capture.alert")
    public static let captureTLS13Encrypted = FindingCode(rawValue: "capture.tls13_encrypted")
    public static let captureNoKey = FindingCode(rawValue: "capture.no_key")
    public static let captureDecryptFailed = FindingCode(rawValue: "capture.decrypt_failed")
    public static let captureIncompleteHandshake = FindingCode(rawValue: "capture.incomplete_handshake")
    public static let captureTruncated = FindingCode(rawValue: "capture.truncated")
    public static let captureRetransmissionMismatch = FindingCode(rawValue: "capture.retransmission_mismatch")
    // fleet
    public static let fleetSharedKey = FindingCode(rawValue: "fleet.shared_key")
}
