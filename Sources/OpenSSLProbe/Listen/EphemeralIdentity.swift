internal import COpenSSL
import SystemCalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import TLSModel
import TLSWire
import LiveNetwork

/// The identity `listen` serves when none is given: a fresh P-256 key and a self-signed
/// certificate made on the spot with OpenSSL, valid for a week from an hour ago, for the
/// names and addresses a client may dial. No client trusts it (that is the point: a client
/// that accepts it does not check trust); its pin lets a client pin it for a test.
public enum EphemeralIdentity {
    /// The SAN entries for a listener on `address`: the host name (and NAME.local for a
    /// one-label name, as Bonjour clients dial it), `localhost`, the listening addresses
    /// (every interface address when listening on all of them; link-local IPv6 left out),
    /// the listen host when it is a name, and `extra` (`--host`).
    public static func names(
        for address: ListenAddress,
        boundAddresses: [String],
        extra: [String]
    ) -> (dns: [String], ips: [String]) {
        var dns: [String] = []
        var ips: [String] = []
        func add(_ name: String) {
            let trimmed = name.trimming(where: { $0 == "[" || $0 == "]" })
            guard !trimmed.isEmpty else { return }
            if let bytes = IPAddressText.parse(trimmed) {
                guard bytes.count == 4 || !(bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) else { return }
                let text = IPAddressText.format(bytes)
                if !ips.contains(text) && text != "0.0.0.0" && text != "::" { ips.append(text) }
            } else if !dns.contains(trimmed.lowercased()) {
                dns.append(trimmed.lowercased())
            }
        }
        extra.forEach(add)
        if let host = address.host { add(host) }
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let hostname = String(
                decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) },
                as: UTF8.self
            )
            if !hostname.isEmpty && IPAddressText.parse(hostname) == nil {
                add(hostname)
                if !hostname.containsText(".") { add(hostname + ".local") }
            }
        }
        add("localhost")
        let wildcard = boundAddresses.allSatisfy { $0 == "0.0.0.0" || $0 == "::" }
        for bound in boundAddresses where bound != "0.0.0.0" && bound != "::" { add(bound) }
        if wildcard { interfaceAddresses().forEach(add) }
        return (dns, ips)
    }

    /// Every address of this machine's interfaces.
    static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor, addresses.count < 64 {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            let text = String(decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A scoped address ("fe80::1%eth0") cannot go in a SAN.
            if !text.containsText("%") { addresses.append(text) }
        }
        return addresses
    }

    /// Makes the key and certificate. `now` is the instant the validity counts from.
    public static func make(dns: [String], ips: [String], now: Date = Date()) throws(ListenFailure) -> TLSIdentity {
        func failure(_ what: String) -> ListenFailure {
            ListenFailure(
                .local,
                "cannot make the ephemeral certificate (\(what): \(OpenSSLErrorQueue.drainedText(fallback: "failed")))"
            )
        }
        OpenSSLErrorQueue.clear()
        guard let pkey = tlsprobe_EVP_EC_gen("P-256") else { throw failure("EVP_EC_gen") }
        guard let key = PrivateKey(takingOwnership: pkey, location: "ephemeral", format: "generated P-256") else {
            throw failure("i2d_PUBKEY")
        }
        guard let x509Pointer = X509_new() else { throw failure("X509_new") }
        let x509 = OwnedX509(takingOwnership: x509Pointer)
        let x = x509.pointer

        // A random positive 64-bit serial (RFC 5280 4.1.2.2: unique per issuer; this issuer is new).
        var serial = [UInt8](repeating: 0, count: 8)
        guard RAND_bytes(&serial, Int32(serial.count)) == 1 else { throw failure("RAND_bytes") }
        serial[0] &= 0x7F
        serial[0] |= 0x01
        guard let number = BN_bin2bn(serial, Int32(serial.count), nil) else { throw failure("BN_bin2bn") }
        defer { BN_free(number) }
        var start = time_t(now.timeIntervalSince1970.rounded(.down))
        guard X509_set_version(x, 2) == 1,
            BN_to_ASN1_INTEGER(number, X509_get_serialNumber(x)) != nil,
            X509_time_adj_ex(X509_getm_notBefore(x), 0, -3600, &start) != nil,
            X509_time_adj_ex(X509_getm_notAfter(x), 7, 0, &start) != nil
        else { throw failure("X509 fields") }

        let hostName = dns.first { $0 != "localhost" } ?? dns.first ?? ips.first ?? "localhost"
        guard let name = X509_get_subject_name(x),
            X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, "tlsprobe", -1, -1, 0) == 1,
            // ub-common-name is 64 characters; the names themselves are in the SAN.
            X509_NAME_add_entry_by_txt(
                name,
                "CN",
                MBSTRING_UTF8,
                String("tlsprobe listen ephemeral (\(hostName))".prefix(64)),
                -1,
                -1,
                0
            ) == 1,
            X509_set_issuer_name(x, name) == 1,
            X509_set_pubkey(x, pkey) == 1
        else { throw failure("X509 names") }

        var context = X509V3_CTX()
        X509V3_set_ctx(&context, x, x, nil, nil, 0)
        let san = (dns.map { "DNS:\($0)" } + ips.map { "IP:\($0)" }).joined(separator: ",")
        var extensions: [(Int32, String)] = [
            (NID_basic_constraints, "critical,CA:FALSE"),
            (NID_key_usage, "critical,digitalSignature"),
            (NID_ext_key_usage, "serverAuth"),
            (NID_subject_key_identifier, "hash"),
        ]
        if !san.isEmpty { extensions.append((NID_subject_alt_name, san)) }
        for (nid, value) in extensions {
            OpenSSLErrorQueue.clear()
            guard let ext = X509V3_EXT_conf_nid(nil, &context, nid, value) else { throw failure("extension \(value)") }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(x, ext, -1) == 1 else { throw failure("X509_add_ext") }
        }
        guard X509_sign(x, pkey, EVP_sha256()) > 0 else { throw failure("X509_sign") }
        guard let der = x509.der, let certificate = try? X509Certificate(derEncoded: der) else {
            throw failure("i2d_X509")
        }
        return TLSIdentity(generated: certificate, key: key)
    }
}
