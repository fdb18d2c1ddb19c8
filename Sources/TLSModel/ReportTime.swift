import SystemCalls
import TLSWire

/// Times as reports write them: ISO-8601 in UTC, and durations in words.
public enum ReportTime {
    /// `2026-11-21T10:00:00Z`.
    public static func iso8601(_ date: Date) -> String {
        let (y, m, d, hh, mm, ss) = components(date)
        guard (0...9999).contains(y) else {
            return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(hh, 2)):\(pad(mm, 2)):\(pad(ss, 2))Z"
        }
        // Digits written straight into the string: a capture writes several of these in
        // every report, and String(format:) or interpolation cost several times more.
        return String(unsafeUninitializedCapacity: 20) { buffer in
            var at = 0
            func put(_ n: Int, _ width: Int) {
                var n = n
                for i in stride(from: width - 1, through: 0, by: -1) {
                    buffer[at + i] = UInt8(ascii: "0") + UInt8(n % 10)
                    n /= 10
                }
                at += width
            }
            func mark(_ c: Unicode.Scalar) {
                buffer[at] = UInt8(ascii: c)
                at += 1
            }
            put(y, 4)
            mark("-")
            put(m, 2)
            mark("-")
            put(d, 2)
            mark("T")
            put(hh, 2)
            mark(":")
            put(mm, 2)
            mark(":")
            put(ss, 2)
            mark("Z")
            return at
        }
    }

    /// `2026-11-21`.
    public static func date(_ date: Date) -> String {
        let (y, m, d, _, _, _) = components(date)
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    /// `n` in decimal, zero-padded to `width` digits (a minus sign first when negative).
    static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
        return n < 0 ? "-" + padded : padded
    }

    /// "3 days", "5 hours", "12 minutes", "40 seconds", "2 years".
    public static func duration(_ seconds: TimeInterval) -> String {
        let s = seconds.isNaN ? 0 : min(abs(seconds), secondsBound)
        func plural(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        if s >= 2 * 365 * 86400 { return plural(Int(s / (365 * 86400)), "year") }
        if s >= 2 * 86400 { return plural(Int(s / 86400), "day") }
        if s >= 2 * 3600 { return plural(Int(s / 3600), "hour") }
        if s >= 120 { return plural(Int(s / 60), "minute") }
        return plural(Int(s), "second")
    }

    /// Parses `--at`: `2026-11-21`, `2026-11-21T10:00:00Z`, `2026-11-21T10:00:00+01:00`,
    /// `2026-11-21 10:00`, or `@1763719200` (seconds since 1970, optionally negative or
    /// with a fraction). Strict: a real calendar date in the years 1 to 9999, a time of day
    /// and a zone offset within their ranges; anything else is nil, never a neighbouring
    /// instant (2026-02-30 is not 2026-03-02).
    public static func parse(_ text: String) -> Date? {
        if text.hasPrefix("@") {
            let number = text.dropFirst()
            guard !number.isEmpty, number.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) != nil,
                let seconds = Double(number), seconds.isFinite
            else { return nil }
            return inRange(Date(timeIntervalSince1970: seconds))
        }
        let normalized = text.replacingEvery(" ", with: "T")
        guard let groups = isoGroups(normalized) else { return nil }
        func group(_ i: Int) -> String? { groups[i] }
        guard let y = Int(group(1) ?? ""), let m = Int(group(2) ?? ""), let d = Int(group(3) ?? ""),
            (1...9999).contains(y), (1...12).contains(m), (1...daysIn(month: m, year: y)).contains(d)
        else { return nil }
        let hh = Int(group(4) ?? "0") ?? 0
        let mm = Int(group(5) ?? "0") ?? 0
        let ss = Int(group(6) ?? "0") ?? 0
        guard hh < 24, mm < 60, ss < 61 else { return nil }
        var date = X509Certificate.civilDate(y, m, d, hh, mm, ss)
        if let zone = group(7), zone != "Z" {
            let sign: Double = zone.hasPrefix("-") ? -1 : 1
            let digits = zone.dropFirst().replacingEvery(":", with: "")
            guard let zh = Int(digits.prefix(2)), let zm = Int(digits.suffix(2)), zh < 24, zm < 60 else { return nil }
            date = date.addingTimeInterval(-sign * Double(zh * 3600 + zm * 60))
        }
        return inRange(date)
    }

    /// The groups 1 to 7 (index 0 is the whole text) of
    /// `^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$`
    /// as NSRegularExpression matched it, read without it (Foundation's regular
    /// expressions are outside FoundationEssentials): `\d` is any Unicode decimal digit
    /// and `$` also matches before one line terminator that ends the text. Nil when the
    /// pattern does not match. A test holds it to NSRegularExpression.
    static func isoGroups(_ text: String) -> [String?]? {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func digits(_ count: Int) -> String? {
            guard i + count <= scalars.count,
                scalars[i..<(i + count)].allSatisfy({ $0.properties.generalCategory == .decimalNumber })
            else { return nil }
            defer { i += count }
            return String(String.UnicodeScalarView(scalars[i..<(i + count)]))
        }
        func take(_ scalar: Unicode.Scalar) -> Bool {
            guard i < scalars.count, scalars[i] == scalar else { return false }
            i += 1
            return true
        }
        var groups: [String?] = Array(repeating: nil, count: 8)
        guard let y = digits(4), take("-"), let m = digits(2), take("-"), let d = digits(2) else { return nil }
        (groups[1], groups[2], groups[3]) = (y, m, d)
        // (?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?  — when it fails part-way, what
        // follows can match neither the zone nor the end, so the whole match fails.
        if take("T") {
            guard let hh = digits(2), take(":"), let mm = digits(2) else { return nil }
            (groups[4], groups[5]) = (hh, mm)
            if take(":") {
                guard let ss = digits(2) else { return nil }
                groups[6] = ss
                if take(".") {
                    guard digits(1) != nil else { return nil }
                    while digits(1) != nil {}
                }
            }
        }
        // (Z|[+-]\d{2}:?\d{2})?
        let zoneStart = i
        if take("Z") {
            groups[7] = "Z"
        } else if take("+") || take("-") {
            guard digits(2) != nil else { return nil }
            _ = take(":")
            guard digits(2) != nil else { return nil }
            groups[7] = String(String.UnicodeScalarView(scalars[zoneStart..<i]))
        }
        // $: the end, or one line terminator (CR LF counts as one) and then the end.
        let rest = scalars[i...]
        let terminators: [Unicode.Scalar] = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
        guard rest.isEmpty || (rest.count == 1 && terminators.contains(rest.first!)) || Array(rest) == ["\r", "\n"]
        else { return nil }
        groups[0] = String(String.UnicodeScalarView(scalars[..<i]))
        return groups
    }

    /// 0001-01-01T00:00:00Z through 9999-12-31T23:59:59Z: what four-digit years can write.
    static let earliest = X509Certificate.civilDate(1, 1, 1, 0, 0, 0)
    static let latest = X509Certificate.civilDate(9999, 12, 31, 23, 59, 59)

    private static func inRange(_ date: Date) -> Date? {
        date >= earliest && date < latest.addingTimeInterval(1) ? date : nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Far enough to write any instant a certificate or capture can hold (about 3 million
    /// years either side of 1970), near enough that the arithmetic below cannot overflow.
    private static let secondsBound = 1e14

    private static func components(_ date: Date) -> (Int, Int, Int, Int, Int, Int) {
        // Not Int(_:), which traps on NaN, infinities and anything beyond Int's range.
        let seconds = date.timeIntervalSince1970
        let clamped = seconds.isNaN ? 0 : min(max(seconds, -secondsBound), secondsBound)
        let total = Int(exactly: clamped.rounded(.down)) ?? 0
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secs = total - days * 86400
        // civil_from_days (Howard Hinnant)
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d, secs / 3600, (secs % 3600) / 60, secs % 60)
    }
}
