import X509

extension TestPKI {
    /// A hostile chain: a root; `copies` re-issues (same subject and key) of a CA with
    /// `constraints` permitted and as many excluded DNS subtrees; as many re-issues of an
    /// issuing CA under it with the same constraints; and a leaf with `sans` names inside
    /// them plus "outside.example", so that no path is valid and every path the copies make
    /// is tried. `chain` is what a server sends after the leaf: every copy, twice.
    public static func constrainedCopies(
        copies: Int,
        constraints: Int,
        sans: Int
    ) -> (root: Issued, leaf: Issued, chain: [Issued]) {
        let root = issue(.root("Hostile Root"))
        let nc = NameConstraints(
            permittedDNSDomains: (1...constraints).map { "p\($0).test" },
            excludedDNSDomains: (1...constraints).map { "x\($0).p1.test" }
        )
        let upperKey = makeKey(.p256)
        let lowerKey = makeKey(.p256)
        var upper: [Issued] = []
        var lower: [Issued] = []
        for copy in 1...copies {
            var spec = Spec.intermediate("Hostile Upper CA")
            spec.nameConstraints = nc
            spec.serial = 100 + copy
            upper.append(issue(spec, by: root, reuseKey: upperKey))
        }
        for copy in 1...copies {
            var spec = Spec.intermediate("Hostile Issuing CA")
            spec.nameConstraints = nc
            spec.serial = 200 + copy
            lower.append(issue(spec, by: upper[0], reuseKey: lowerKey))
        }
        let names = (1...sans).map { "n\($0).p\($0 % constraints + 1).test" } + ["outside.example"]
        let leaf = issue(.server(names[0], dns: names), by: lower[0])
        return (root, leaf, lower + upper + lower + upper)
    }
}
