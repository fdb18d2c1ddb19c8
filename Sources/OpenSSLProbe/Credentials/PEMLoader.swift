import TLSModel

/// Loads PEM text: any number of blocks with anything around them.
struct PEMLoader {
    let name: String
    let expecting: CredentialExpectation
    let session: PasswordSession

    func load(_ bytes: [UInt8]) throws(LoadError) -> LoadedFile {
        let (blocks, problems) = PEM.blocks(in: bytes)
        var file = LoadedFile(path: name, format: "PEM")
        var items: [CredentialItem] = []

        for problem in problems {
            let item = PEMBlockKind(label: problem.label).item(label: problem.label)
            items.append(item)
            if item.matters(for: expecting) {
                throw LoadError(name, .malformed, "\(problem)")
            }
            file.other.append("\(problem.label) at line \(problem.line) (cannot be read: \(problem.reason))")
        }
        if blocks.isEmpty && problems.isEmpty {
            throw LoadError(name, .malformed, "it has a PEM BEGIN line but no block that can be read")
        }

        let kinds = blocks.map { PEMBlockKind(label: $0.label) }
        items += zip(blocks, kinds).map { $1.item(label: $0.label) }
        // Decide before anything is decrypted: a file of the wrong kind never asks for a password.
        switch expecting {
        case .certificates where !kinds.contains(where: \.holdsCertificates),
            .privateKey where !kinds.contains(where: \.isPrivateKey):
            throw CredentialItem.unexpected(items, name: name, expecting: expecting)
        default:
            break
        }

        for (block, kind) in zip(blocks, kinds) {
            let item = kind.item(label: block.label)
            let location = "line \(block.line)"
            do throws(LoadError) {
                switch kind {
                case .certificate:
                    file.certificates.append(
                        try CertificateReading.certificate(
                            block.der,
                            name: name,
                            what: "the certificate at \(location)"
                        )
                    )
                    file.certificateLocations.append(location)
                case .trustedCertificate:
                    file.certificates.append(
                        try CertificateReading.trustedCertificate(
                            block.der,
                            name: name,
                            what: "the certificate at \(location)"
                        )
                    )
                    file.certificateLocations.append(location)
                case .pkcs7:
                    let certificates = try CertificateReading.pkcs7(
                        block.der,
                        name: name,
                        what: "the PKCS#7 block at \(location)"
                    )
                    if certificates.isEmpty { file.other.append("\(block.label) at \(location) (no certificates)") }
                    for (index, certificate) in certificates.enumerated() {
                        file.certificates.append(certificate)
                        file.certificateLocations.append("\(location), PKCS#7 certificate \(index + 1)")
                    }
                case .pkcs8, .encryptedPKCS8, .traditional:
                    let encrypted =
                        kind == .encryptedPKCS8
                        || (block.headers["Proc-Type"]?.uppercased().containsText("ENCRYPTED") ?? false)
                    if expecting == .certificates && encrypted {
                        file.other.append("\(block.label) at \(location) (not decrypted)")
                    } else {
                        file.keys.append(try readKey(block, kind: kind, encrypted: encrypted, location: location))
                    }
                default:
                    file.other.append("\(block.label) at \(location)")
                }
            } catch {
                // A part the caller did not ask for may be broken without failing the file.
                guard !item.matters(for: expecting), error.kind == .malformed else { throw error }
                file.other.append("\(block.label) at \(location) (cannot be read)")
            }
        }

        switch expecting {
        case .certificates where file.certificates.isEmpty, .privateKey where file.keys.isEmpty:
            throw CredentialItem.unexpected(items, name: name, expecting: expecting)
        default:
            return file
        }
    }

    private func readKey(
        _ block: PEMBlock,
        kind: PEMBlockKind,
        encrypted: Bool,
        location: String
    ) throws(LoadError) -> PrivateKey {
        let what = "the private key at \(location)"
        let format: String
        let pkey: OpaquePointer
        switch kind {
        case .encryptedPKCS8:
            format = "encrypted PKCS#8"
            pkey = try KeyReading.encryptedPKCS8(block.der, name: name, what: what, session: session)
        case .traditional where encrypted:
            format = "legacy encrypted PEM"
            pkey = try session.open(what) { PrivateKeyDecoding.decryptLegacyPEM(block, password: $0) }
        case .traditional(let type, let traditionalFormat):
            format = traditionalFormat
            guard let decoded = PrivateKeyDecoding.traditional(block.der, type: type) else {
                throw LoadError(name, .malformed, "\(what) cannot be read (not a \(traditionalFormat) key)")
            }
            pkey = decoded
        default:
            format = "PKCS#8"
            guard let decoded = PrivateKeyDecoding.pkcs8(block.der) else {
                throw LoadError(name, .malformed, "\(what) cannot be read (not a PKCS#8 PrivateKeyInfo)")
            }
            pkey = decoded
        }
        guard let key = PrivateKey(takingOwnership: pkey, location: location, format: format) else {
            throw LoadError(name, .malformed, "\(what) has a public key OpenSSL cannot encode")
        }
        return key
    }
}
