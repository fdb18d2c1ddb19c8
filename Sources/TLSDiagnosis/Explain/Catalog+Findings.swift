// tlsprobe's own finding codes, explained from FindingCatalog alone: each entry's title,
// meaning, default severity, fix, reproducing command and related codes. There is no
// second table here, so a code cannot be explained differently from how it is reported.

let findingCodeEntries: [CatalogEntry] = FindingCatalog.all.map { item in
    let code = item.code.rawValue
    let meaning = item.meaning + " Reported as \(item.defaultSeverity.rawValue) under the default profile."
    var entry = CatalogEntry(
        explanation: Explanation(
            kind: .findingCode,
            name: code,
            code: nil,
            summary: "tlsprobe finding: \(item.title).",
            meaning: meaning,
            checks: [item.fix, "Reproduce: \(item.reproduce)"],
            related: item.related.map(\.rawValue)
        )
    )
    entry.symbols = [CatalogEntry.lower(code)]
    entry.specificity = 4
    return entry
}
