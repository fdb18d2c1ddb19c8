/// How findings name a certificate in their messages.
enum Display {
    /// Longest subject shown in a message; evidence keeps the whole name.
    static let maxLength = 120

    /// `"CN=printer.local"`, shortened when very long (hostile certificates carry
    /// thousands of attributes), or a phrase for an empty subject.
    static func name(_ cert: X509Certificate) -> String {
        let name = cert.subjectString
        if name.isEmpty { return "The certificate (empty subject)" }
        if name.count <= maxLength { return "\"\(name)\"" }
        return "\"\(name.prefix(maxLength))…\""
    }
}
