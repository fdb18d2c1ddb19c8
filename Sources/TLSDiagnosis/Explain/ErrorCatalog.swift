import SystemCalls

/// The `explain` knowledge base: OpenSSL verify errors, TLS alerts, Apple OSStatus and
/// NSURLError codes, library messages and tlsprobe's own finding codes.
///
/// `explain` accepts what a support engineer has at hand: a symbol (`errSSLNoRootCert`,
/// `X509_V_ERR_CERT_HAS_EXPIRED`, with or without its prefix), a number (`-9813`, `20`,
/// `alert 48`), a message ("unable to get local issuer certificate"), or a whole pasted log
/// line, in which it finds every code and message it knows.
public enum ErrorCatalog {
    /// Every entry matching `text`, best first; empty when nothing matches.
    ///
    /// Order: when the whole input is one code or name, its entries (for a bare number that
    /// several families use, the commonly met meaning first). Otherwise every entry found in
    /// the text, causes before the wrappers that carried them (a verify error before
    /// CERTIFICATE_VERIFY_FAILED), then in order of appearance.
    public static func explain(_ text: String) -> [Explanation] {
        let matcher = Matcher.shared
        return matcher.match(text).map { matcher.explanation($0) }
    }

    /// What the user of each client sees when a handshake fails with finding `code`, taken
    /// from the explain tables (the one place that pairs client errors with finding codes,
    /// through each entry's related codes): Apple's NSURLError and OSStatus codes
    /// (`NSURLErrorServerCertificateUntrusted (-1202)`), and curl's message for OpenSSL
    /// clients (`curl: SSL certificate problem: unable to get local issuer certificate`).
    /// Empty when no client error is known to mean it.
    public static func clientErrors(for code: FindingCode) -> [String] {
        var apple: [String] = []
        var curlOwn: [String] = []
        var curl: [String] = []
        for entry in entries where entry.explanation.related.contains(code.rawValue) {
            let e = entry.explanation
            let first = e.related.first == code.rawValue
            switch e.kind {
            case .appleOSStatus where first || entry.prominent, .nsurlError where first || entry.prominent:
                apple.append("\(e.name) (\(e.code ?? ""))")
            case .boringssl where e.name.hasPrefix("SSL: "):
                // curl's own words (its host-name check), whichever related code it names first.
                curlOwn.append("curl: \(e.name)")
            case .opensslVerifyError where first && e.name != "X509_V_OK":
                // "ok" is what curl says when the chain passed: never a failure's words.
                if let phrase = entry.phrases.first { curl.append("curl: SSL certificate problem: \(phrase)") }
            case .opensslError where first && !e.summary.hasPrefix("OpenSSL server:"):
                curl.append("curl: OpenSSL: \(e.name)")
            default: break
            }
        }
        return Array(apple.prefix(3)) + Array((curlOwn + curl).prefix(2))
    }

    /// All entries (for tests, docs), grouped by kind in `Explanation.Kind` order.
    public static var all: [Explanation] { entries.map(\.explanation) }

    /// The entries with their matching data, built from the tables in `Catalog+*.swift`
    /// the first time `explain` needs them.
    static let entries: [CatalogEntry] =
        opensslVerifyEntries + tlsAlertEntries + appleOSStatusEntries + nsurlErrorEntries
        + libraryEntries + opensslErrorEntries + findingCodeEntries
}

/// Finds catalog entries in free text. Built once; afterwards pure, but for pasted text's
/// index, built under a lock by the first search that needs it.
struct Matcher: Sendable {
    /// The whole catalogue.
    static let shared = Matcher(entries: ErrorCatalog.entries)

    private let entries: [CatalogEntry]
    /// Every whole-input form (`wholeInputForms`) with its entry, in entry order.
    private var forms: [(form: String, entry: Int)] = []
    private var numberIndex: [Int: [Int]] = [:]
    private var reasonIndex: [Int: [Int]] = [:]
    /// What pasted text is searched with, built by the first search that needs it: an
    /// input that is one code or name (the usual `explain`) is answered without it.
    private let textIndex: TextIndexOnce

    /// Symbols by their lowercase form, and every phrase in its spaced form.
    struct TextIndex {
        var symbols: [String: [Int]] = [:]
        var phrases: [(bytes: [UInt8], entry: Int)] = []

        init(_ entries: [CatalogEntry]) {
            symbols.reserveCapacity(entries.count * 2)
            for (index, entry) in entries.enumerated() {
                for symbol in entry.symbols { symbols[symbol, default: []].append(index) }
                for phrase in entry.phrases { phrases.append((Array(CatalogEntry.spaced(phrase).utf8), index)) }
            }
        }
    }

    /// The TextIndex, built once under a lock by whichever search comes first.
    final class TextIndexOnce: @unchecked Sendable {
        private let lock = Lock()
        private let entries: [CatalogEntry]
        private var built: TextIndex?

        init(_ entries: [CatalogEntry]) { self.entries = entries }

        var index: TextIndex {
            lock.withLock {
                if let built { return built }
                let index = TextIndex(entries)
                built = index
                return index
            }
        }
    }

    /// Prefixes a user may put before (or leave off) a symbol.
    static let prefixes = [
        "x509_v_err_", "ssl_r_", "errssl", "errsec", "ksec", "nsurlerror", "kcfurlerror", "net::err_", "err_",
        "ssl_ad_", "tls1_ad_", "ssl3_ad_", "alert_", "alert ", "alert:", "kcfstreamerrordomainssl",
        "nsurlerrordomain", "osstatus",
    ]

    init(entries: [CatalogEntry]) {
        self.entries = entries
        textIndex = TextIndexOnce(entries)
        for (index, entry) in entries.enumerated() {
            for form in Self.wholeInputForms(entry) { forms.append((form, index)) }
            if let number = entry.number { numberIndex[number, default: []].append(index) }
            if let reason = entry.sslReason { reasonIndex[reason, default: []].append(index) }
        }
    }

    /// The texts an input may equal to name `entry`: its symbols, exact forms, name and
    /// phrases, and its name without each prefix it starts with, in `CatalogEntry.spaced`
    /// form.
    static func wholeInputForms(_ entry: CatalogEntry) -> [String] {
        let name = entry.explanation.name
        var texts = entry.symbols + entry.exactForms + [name] + entry.phrases
        let lowered = CatalogEntry.lower(name)
        for prefix in prefixes where lowered.utf8.count > prefix.utf8.count && lowered.utf8.starts(with: prefix.utf8) {
            texts.append(String(decoding: name.utf8.dropFirst(prefix.utf8.count), as: UTF8.self))
        }
        return texts.map(CatalogEntry.spaced)
    }

    /// The entries with a whole-input form equal to `key` (already spaced), in entry
    /// order, once for each of its forms that matches (rankWhole makes them unique).
    /// Strings compare by canonical equivalence, as the input is typed.
    private func exactMatches(_ key: String) -> [Int] { forms.filter { $0.form == key }.map(\.entry) }

    /// Entry `index`'s explanation.
    func explanation(_ index: Int) -> Explanation { entries[index].explanation }

    // MARK: Matching

    private struct Hit {
        var entry: Int
        var start: Int
        var length: Int
        /// Spans that cover text: used to let a longer phrase hide a shorter one inside it.
        var covers: Bool
    }

    func match(_ text: String) -> [Int] {
        var comparisons = 0
        return match(text, comparisons: &comparisons)
    }

    /// `match`, adding to `comparisons` each time a hit is compared with another (a number
    /// with the verify text after it, a hit with a longer one that may cover it): the work
    /// that grows with the text, counted by ExplainScalingTests instead of timed.
    func match(_ text: String, comparisons: inout Int) -> [Int] {
        let trimmed = Self.trim(text)
        guard !trimmed.isEmpty else { return [] }
        let whole = wholeInputMatches(trimmed)
        if !whole.isEmpty { return rankWhole(whole) }
        return rankFound(found(in: trimmed, comparisons: &comparisons))
    }

    /// The input is exactly one symbol, name, phrase or number.
    private func wholeInputMatches(_ input: String) -> [Int] {
        let key = CatalogEntry.spaced(input)
        let hits = exactMatches(key)
        if !hits.isEmpty { return hits }
        for prefix in Self.prefixes where key.hasPrefix(prefix) {
            let rest = Self.trim(String(key.dropFirst(prefix.count)))
            let hits = exactMatches(rest)
            if !hits.isEmpty { return hits }
        }
        if let number = Int(input), let hits = numberIndex[number] { return hits }
        if let reason = Self.packedSSLReason(input) { return entriesForReason(reason) }
        return []
    }

    private func found(in text: String, comparisons: inout Int) -> [Hit] {
        let lower = Array(CatalogEntry.lower(text).utf8)
        let spaced = Array(CatalogEntry.spaced(text).utf8)
        let tlsContext =
            Self.contains(lower, "alert") || Self.contains(lower, "tls")
            || Self.contains(lower, "ssl")
        let entries = entries
        let search = textIndex.index
        let symbolIndex = search.symbols
        var hits: [Hit] = []

        // Symbols: maximal runs of letters, digits and `_`; finding codes also take `.`.
        var index = 0
        while index < lower.count {
            guard Self.isWord(lower[index]) || lower[index] == 0x2E else {
                index += 1
                continue
            }
            var end = index
            while end < lower.count, Self.isWord(lower[end]) || lower[end] == 0x2E { end += 1 }
            let run = String(decoding: lower[index..<end], as: UTF8.self)
            var dotted = run
            while dotted.hasSuffix(".") { dotted.removeLast() }
            if dotted.containsText("."), let found = symbolIndex[dotted] {
                hits += found.map { Hit(entry: $0, start: index, length: dotted.utf8.count, covers: true) }
            }
            var partStart = index
            for part in run.split(separator: ".", omittingEmptySubsequences: false) {
                let token = String(part)
                if let found = symbolIndex[token] {
                    for entry in found where tlsContext || !entries[entry].needsTLSContext {
                        hits.append(Hit(entry: entry, start: partStart, length: token.utf8.count, covers: true))
                    }
                }
                partStart += token.utf8.count + 1
            }
            index = end
        }

        // Phrases, on word boundaries.
        for (phrase, entry) in search.phrases where !phrase.isEmpty && phrase.count <= spaced.count {
            if entries[entry].needsTLSContext && !tlsContext { continue }
            var from = 0
            while let start = Self.find(phrase, in: spaced, from: from) {
                let end = start + phrase.count
                let leftOK = start == 0 || !Self.isAlnum(spaced[start - 1]) || !Self.isAlnum(phrase[0])
                let rightOK =
                    end == spaced.count || !Self.isAlnum(spaced[end]) || !Self.isAlnum(phrase[phrase.count - 1])
                if leftOK && rightOK {
                    hits.append(Hit(entry: entry, start: start, length: phrase.count, covers: true))
                }
                from = start + 1
            }
        }

        // Verify-error text by where it starts, so each number looks only at its own
        // neighbourhood (not at every hit: a pasted log can have thousands).
        var verifyTextAt: [Int: [Int]] = [:]
        for hit in hits where hit.covers && entries[hit.entry].explanation.kind == .opensslVerifyError {
            verifyTextAt[hit.start, default: []].append(hit.entry)
        }
        hits += numberHits(lower).filter { number in
            // "num=24:invalid CA certificate" is OpenSSL 1.1, where 24 meant INVALID_CA: when
            // the verify text printed right after a number names another entry, the text wins.
            guard entries[number.entry].explanation.kind == .opensslVerifyError else { return true }
            let after = number.start + number.length
            return !(after...(after + 3)).contains { start in
                verifyTextAt[start]?.contains {
                    comparisons += 1
                    return $0 != number.entry
                } ?? false
            }
        }
        hits += packedCodeHits(lower)
        return Self.dropCovered(hits, comparisons: &comparisons)
    }

    /// Numbers with enough context to know their family: negative ones (Apple OSStatus,
    /// NSURLError, Chrome net errors) anywhere; positive ones after "alert", "num=",
    /// "verify return code" and the like.
    private func numberHits(_ lower: [UInt8]) -> [Hit] {
        let entries = entries
        var hits: [Hit] = []
        var index = 0
        while index < lower.count {
            let negative = lower[index] == 0x2D
            let digitsStart = negative ? index + 1 : index
            guard digitsStart < lower.count, Self.isDigit(lower[digitsStart]) else {
                index += 1
                continue
            }
            if index > 0 {
                let before = lower[index - 1]
                if Self.isWord(before) || before == 0x2E || (negative && Self.isDigit(before)) {
                    // Inside a word, a version or a date: skip the whole digit run.
                    var skip = digitsStart
                    while skip < lower.count, Self.isDigit(lower[skip]) { skip += 1 }
                    index = skip
                    continue
                }
            }
            var end = digitsStart
            while end < lower.count, Self.isDigit(lower[end]) { end += 1 }
            defer { index = end }
            if end < lower.count, Self.isWord(lower[end]) { continue }
            guard end - digitsStart <= 9, let magnitude = Int(String(decoding: lower[digitsStart..<end], as: UTF8.self))
            else { continue }
            let value = negative ? -magnitude : magnitude
            guard let candidates = numberIndex[value] else { continue }
            let kinds: Set<Explanation.Kind>
            if negative {
                kinds = [.appleOSStatus, .nsurlError, .boringssl]
            } else {
                let context = Self.context(before: index, in: lower)
                let after = String(decoding: lower[end..<Swift.min(lower.count, end + 24)], as: UTF8.self)
                if Self.alertContexts.contains(where: { context.hasSuffix($0) }) {
                    kinds = [.tlsAlert]
                } else if Self.verifyContexts.contains(where: { context.hasSuffix($0) })
                    || (context.hasSuffix("error") && after.hasPrefix(" at ") && after.containsText("depth"))
                {
                    kinds = [.opensslVerifyError]
                } else {
                    continue
                }
            }
            for entry in candidates where kinds.contains(entries[entry].explanation.kind) {
                hits.append(Hit(entry: entry, start: index, length: end - index, covers: false))
            }
        }
        return hits
    }

    static let alertContexts = ["alert number", "alert", "alert description", "alert code", "alert no"]
    static let verifyContexts = [
        "verify error:num", "verify error num", "num", "verify return code", "verify result",
        "verify_result", "verify error", "x509_v_err", "verify code", "x509 verify error",
        "verification error",
    ]

    /// The words just before `index` on the same line, lowercased, with the separators
    /// that sit between a label and its number (`:`, `=`, `#`, `(`, `[`, spaces) removed.
    private static func context(before index: Int, in lower: [UInt8]) -> String {
        var start = index
        while start > 0, lower[start - 1] != 0x0A, index - start < 40 { start -= 1 }
        var text = String(decoding: lower[start..<index], as: UTF8.self)
        while let last = text.last, " :=#([\t".contains(last) { text.removeLast() }
        return text
    }

    /// `error:0A000086:` (OpenSSL 3) and `error:14090086:` (OpenSSL 1.1) name the library
    /// and the reason; for the SSL library the reason picks the entry.
    private func packedCodeHits(_ lower: [UInt8]) -> [Hit] {
        var hits: [Hit] = []
        let marker = Array("error:".utf8)
        var from = 0
        while let start = Self.find(marker, in: lower, from: from) {
            from = start + 1
            let codeStart = start + marker.count
            guard codeStart + 8 <= lower.count else { break }
            let code = String(decoding: lower[codeStart..<(codeStart + 8)], as: UTF8.self)
            guard codeStart + 8 == lower.count || lower[codeStart + 8] == 0x3A,
                let reason = Self.packedSSLReason(code)
            else { continue }
            for entry in entriesForReason(reason) {
                hits.append(Hit(entry: entry, start: codeStart, length: 8, covers: false))
            }
        }
        return hits
    }

    /// The SSL-library reason inside an OpenSSL packed error code, if it is one.
    static func packedSSLReason(_ code: String) -> Int? {
        guard code.utf8.count == 8, let value = UInt32(code, radix: 16) else { return nil }
        if value >> 23 == 20 { return Int(value & 0x7F_FFFF) }  // OpenSSL 3: lib << 23 | reason
        if value >> 24 == 20 { return Int(value & 0xFFF) }  // OpenSSL 1.1: lib << 24 | func << 12 | reason
        return nil
    }

    /// Reasons at or above 1000 are received alerts (OpenSSL's SSL_AD_REASON_OFFSET).
    private func entriesForReason(_ reason: Int) -> [Int] {
        if reason >= 1000, reason < 1256 {
            return (numberIndex[reason - 1000] ?? []).filter { entries[$0].explanation.kind == .tlsAlert }
        }
        return reasonIndex[reason] ?? []
    }

    // MARK: Ranking

    private func rankWhole(_ found: [Int]) -> [Int] {
        let entries = entries
        let kept = dropTwins(Self.uniqued(found).map { ($0, 0) }) { entries[$0] }.map(\.0)
        return kept.sorted { lhs, rhs in
            let (l, r) = (entries[lhs], entries[rhs])
            if l.prominent != r.prominent { return l.prominent }
            return Self.kindRank(l.explanation.kind) < Self.kindRank(r.explanation.kind)
        }
    }

    private func rankFound(_ hits: [Hit]) -> [Int] {
        var first: [Int: Int] = [:]
        for hit in hits { first[hit.entry] = Swift.min(first[hit.entry] ?? .max, hit.start) }
        let entries = entries
        let kept = dropTwins(first.map { ($0.key, $0.value) }) { entries[$0] }
        return kept.sorted { lhs, rhs in
            let (l, r) = (entries[lhs.0], entries[rhs.0])
            if l.specificity != r.specificity { return l.specificity > r.specificity }
            if lhs.1 != rhs.1 { return lhs.1 < rhs.1 }
            return lhs.0 < rhs.0
        }.map(\.0)
    }

    /// Keeps one entry per twin set: the alert itself before a library's name for
    /// receiving it, a symbol before the same reason in OpenSSL's prose.
    private func dropTwins(_ found: [(Int, Int)], _ entry: (Int) -> CatalogEntry) -> [(Int, Int)] {
        var best: [String: (Int, Int)] = [:]
        var result: [(Int, Int)] = []
        for item in found {
            guard let twin = entry(item.0).twin else {
                result.append(item)
                continue
            }
            if let current = best[twin] {
                let better =
                    Self.kindRank(entry(item.0).explanation.kind) < Self.kindRank(entry(current.0).explanation.kind)
                best[twin] = better ? (item.0, Swift.min(item.1, current.1)) : (current.0, Swift.min(item.1, current.1))
            } else {
                best[twin] = item
            }
        }
        return result + best.values
    }

    private static func kindRank(_ kind: Explanation.Kind) -> Int {
        switch kind {
        case .findingCode: return 0
        case .tlsAlert: return 1
        case .opensslVerifyError: return 2
        case .appleOSStatus: return 3
        case .nsurlError: return 4
        case .boringssl: return 5
        case .opensslError: return 6
        }
    }

    /// A hit inside a longer covering hit is the same words read twice ("self-signed
    /// certificate" inside "self-signed certificate in certificate chain"): drop it.
    ///
    /// A hit is a catalog symbol or phrase, so none is longer than the longest hit: one that
    /// contains another starts at most that far before it. Looking only there (accepted hits
    /// indexed by start) keeps this linear in the number of hits, not quadratic.
    private static func dropCovered(_ hits: [Hit], comparisons: inout Int) -> [Hit] {
        let covering = hits.filter(\.covers).sorted { $0.length > $1.length }
        let longest = covering.first?.length ?? 0
        var accepted: [Hit] = []
        var acceptedByStart: [Int: [Hit]] = [:]
        for hit in covering {
            let overlaps = (Swift.max(0, hit.start - longest)...hit.start).contains { start in
                (acceptedByStart[start] ?? []).contains { other in
                    comparisons += 1
                    return other.entry != hit.entry && hit.start + hit.length <= other.start + other.length
                        && hit.length < other.length
                }
            }
            if !overlaps {
                accepted.append(hit)
                acceptedByStart[hit.start, default: []].append(hit)
            }
        }
        return accepted + hits.filter { !$0.covers }
    }

    // MARK: Bytes

    private static func uniqued(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.filter { seen.insert($0).inserted }
    }

    static func trim(_ text: String) -> String {
        let junk: Set<Character> = [" ", "\t", "\n", "\r", "\"", "'", "`", "\u{201C}", "\u{201D}"]
        var slice = Substring(text)
        while let first = slice.first, junk.contains(first) { slice.removeFirst() }
        while let last = slice.last, junk.contains(last) { slice.removeLast() }
        return String(slice)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isAlnum(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80
    }
    private static func isWord(_ byte: UInt8) -> Bool { isAlnum(byte) || byte == 0x5F }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        find(Array(needle.utf8), in: haystack, from: 0) != nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = from
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                var offset = 1
                while offset < needle.count {
                    if haystack[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    offset += 1
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
