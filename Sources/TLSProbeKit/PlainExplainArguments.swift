/// `explain`'s arguments (tlsprobe's own, without the program's name) when they are only
/// words and the output flags, as they nearly always are: what the argument parser would
/// make of them, read without it (explaining is a lookup, and the parser's first run took
/// about a third of its time). Nil for anything else — an option, `--`, a flag given twice,
/// no words — which the parser reads as before.
///
/// A word is what the parser keeps as text: one that does not start with `-`, or a
/// negative code such as `-9813`.
public struct PlainExplainArguments: Equatable, Sendable {
    public var words: [String]
    public var json = false
    public var noColor = false
    public var verbose = false

    public init?(_ arguments: ArraySlice<String>) {
        guard arguments.first == "explain" else { return nil }
        words = []
        for argument in arguments.dropFirst() {
            switch argument {
            case "--json":
                if json { return nil }
                json = true
            case "--no-color":
                if noColor { return nil }
                noColor = true
            case "--verbose":
                if verbose { return nil }
                verbose = true
            default:
                if argument.utf8.first == UInt8(ascii: "-") {
                    let digits = argument.utf8.dropFirst()
                    guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
                }
                words.append(argument)
            }
        }
        guard !words.isEmpty else { return nil }
    }

    public init(words: [String], json: Bool = false, noColor: Bool = false, verbose: Bool = false) {
        self.words = words
        self.json = json
        self.noColor = noColor
        self.verbose = verbose
    }
}
