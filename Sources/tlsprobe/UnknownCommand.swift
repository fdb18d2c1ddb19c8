/// A first word that names no command (`tlsprobe conect 10.0.0.5:4433`, `tlsprobe help
/// conect`): argument-parser would say "2 unexpected arguments", or print the top-level
/// help and exit 0. tlsprobe says which word it did not know, the nearest command, and the
/// list, and exits 64.
struct UnknownCommand {
    /// The word as typed.
    let word: String
    /// The command it is nearest to, when one is near.
    let suggestion: String?
    /// Every command, in `--help`'s order.
    let commands: [String]

    /// The unknown command in `arguments` (without the program name), or nil when the
    /// first word is a command, an option, or missing. After `help`, the word after it.
    init?(arguments: [String], commands: [String]) {
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        guard let word = words.first, !word.hasPrefix("-"), !(commands + ["help"]).contains(word) else { return nil }
        self.word = word
        self.suggestion = Self.nearest(to: word, among: commands)
        self.commands = commands
    }

    /// The lines for stderr.
    var message: String {
        let guess = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        return """
            Error: unknown command '\(word)'.\(guess)
            The commands are \(commands.joined(separator: ", ")).
            'tlsprobe --help' says what each does.
            """
    }

    /// The command `word` is most likely a typing slip of: the one the fewest edits away
    /// (a transposed pair counts as one edit), at most one edit for a word of up to four
    /// letters and two for a longer one; else the one command it is the start of, when
    /// it is at least three letters long.
    static func nearest(to word: String, among commands: [String]) -> String? {
        let typed = Array(word.lowercased())
        let allowed = typed.count <= 4 ? 1 : 2
        // Too long to be near any command: not worth a table of its length.
        guard typed.count <= (commands.map(\.count).max() ?? 0) + allowed else { return nil }
        let scored = commands.map { (name: $0, distance: distance(typed, Array($0))) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed { return best.name }
        let starts = commands.filter { typed.count >= 3 && $0.hasPrefix(String(typed)) }
        return starts.count == 1 ? starts[0] : nil
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of adjacent letters, each one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
