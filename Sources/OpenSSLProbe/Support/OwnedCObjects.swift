internal import COpenSSL

// One final class per owned C object, freed in deinit, as swift-nio-ssl's
// `SSLConnection` frees its `SSL*`. Initialisers say `takingOwnership:`; nothing here leaves the module.

/// An `X509*` we own.
final class OwnedX509 {
    let pointer: OpaquePointer

    init(takingOwnership pointer: OpaquePointer) { self.pointer = pointer }

    /// Decodes exactly `der` (no trailing bytes); nil when OpenSSL cannot read it.
    convenience init?(der: [UInt8]) {
        OpenSSLErrorQueue.clear()
        guard let (x509, consumed) = DERCoding.decode(der[...], { d2i_X509(nil, $0, $1) }) else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        guard consumed == der.count else {
            X509_free(x509)
            return nil
        }
        self.init(takingOwnership: x509)
    }

    /// The certificate's DER.
    var der: [UInt8]? { DERCoding.encode { i2d_X509(pointer, $0) } }

    deinit { X509_free(pointer) }
}

/// A `STACK_OF(X509)` that owns its certificates.
final class OwnedX509Stack {
    let pointer: OpaquePointer

    init?() {
        guard let stack = tlsprobe_sk_X509_new_null() else { return nil }
        pointer = stack
    }

    /// Pushes a certificate; the stack now owns it.
    func push(_ x509: OpaquePointer) -> Bool {
        tlsprobe_sk_X509_push(pointer, x509) > 0
    }

    deinit { tlsprobe_sk_X509_pop_free(pointer) }
}

/// A `PKCS12*` we own.
final class OwnedPKCS12 {
    let pointer: OpaquePointer

    init(takingOwnership pointer: OpaquePointer) { self.pointer = pointer }

    deinit { PKCS12_free(pointer) }
}

/// A `STACK_OF(PKCS7)` (a PKCS#12 file's authenticated safes) with its contents.
final class OwnedPKCS7Stack {
    let pointer: OpaquePointer

    init(takingOwnership pointer: OpaquePointer) { self.pointer = pointer }

    var count: Int { Int(tlsprobe_sk_PKCS7_num(pointer)) }

    /// The element, borrowed (get0): valid while this stack lives.
    func get0(_ index: Int) -> UnsafeMutablePointer<PKCS7>? {
        tlsprobe_sk_PKCS7_value(pointer, Int32(index))
    }

    deinit { tlsprobe_sk_PKCS7_pop_free(pointer) }
}

/// A `STACK_OF(PKCS12_SAFEBAG)` with its bags.
final class OwnedSafeBagStack {
    let pointer: OpaquePointer

    init(takingOwnership pointer: OpaquePointer) { self.pointer = pointer }

    deinit { tlsprobe_sk_PKCS12_SAFEBAG_pop_free(pointer) }
}

/// A `PKCS7*` we own (a PKCS#7 file's contents).
final class OwnedPKCS7 {
    let pointer: UnsafeMutablePointer<PKCS7>

    init(takingOwnership pointer: UnsafeMutablePointer<PKCS7>) { self.pointer = pointer }

    deinit { PKCS7_free(pointer) }
}

/// An `X509_SIG*` we own (an encrypted PKCS#8 key: algorithm and ciphertext).
final class OwnedX509SIG {
    let pointer: OpaquePointer

    init(takingOwnership pointer: OpaquePointer) { self.pointer = pointer }

    deinit { X509_SIG_free(pointer) }
}

/// A `PKCS8_PRIV_KEY_INFO*` we own; it holds key material, which OpenSSL wipes on free.
final class OwnedPKCS8Info {
    let pointer: OpaquePointer

    init(takingOwnership pointer: OpaquePointer) { self.pointer = pointer }

    deinit { PKCS8_PRIV_KEY_INFO_free(pointer) }
}

/// A memory `BIO*` over bytes we keep alive for its lifetime.
final class OwnedMemoryBIO {
    let pointer: OpaquePointer
    private let storage: UnsafeMutableBufferPointer<UInt8>

    /// A read-only BIO over a private copy of `bytes`, wiped on release (it may hold a key).
    init?(bytes: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        guard let bio = BIO_new_mem_buf(storage.baseAddress, Int32(clamping: bytes.count)) else {
            storage.deallocate()
            return nil
        }
        self.pointer = bio
        self.storage = storage
    }

    deinit {
        BIO_free(pointer)
        if let base = storage.baseAddress { OPENSSL_cleanse(base, storage.count) }
        storage.deallocate()
    }
}

/// An `X509_STORE*` we own.
final class OwnedX509Store {
    let pointer: OpaquePointer

    init?() {
        guard let store = X509_STORE_new() else { return nil }
        pointer = store
    }

    deinit { X509_STORE_free(pointer) }
}

/// An `X509_STORE_CTX*` we own.
final class OwnedX509StoreContext {
    let pointer: OpaquePointer

    init?() {
        guard let context = X509_STORE_CTX_new() else { return nil }
        pointer = context
    }

    deinit { X509_STORE_CTX_free(pointer) }
}
