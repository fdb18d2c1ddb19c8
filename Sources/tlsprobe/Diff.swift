import ArgumentParser
import TLSDiagnosis
import TLSProbeKit

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Say what changed between two scan --json or connect --json outputs.",
        discussion: """
            OLD and NEW are outputs of scan --json or connect --json (JSON Lines, or connect's \
            indented object; error objects and scan's summary line are understood; - reads \
            standard input for one of them). Endpoints are matched by address, port and the \
            name dialled (127.0.0.1 and localhost at one address are two endpoints). One line \
            per change: the endpoint (with its Bonjour instance or host name where known), the \
            change, its severity, before → after, and what it means.

            Changes: endpoint.new, endpoint.gone; cert.key_changed (a new public key, compared by \
            the leaf's SPKI: a reset device and an interception look alike, the line says how to \
            tell them apart); cert.reissued (the same key, a new certificate); chain.changed \
            (another issuer, intermediates or anchor); trust.lost, trust.gained; finding.new, \
            finding.resolved (by code); cert.expiring (the leaf now ends within --expiring DAYS \
            of when NEW was written, and did not within DAYS of when OLD was: each file's \
            modification time).

            Exit status: 0 no change; 1 changes; 2 an output cannot be read back (the file and \
            line named); 64 usage.

            Examples:
              tlsprobe scan 10.0.0.0/24 --anchor root.pem --json > monday.jsonl
              tlsprobe diff monday.jsonl today.jsonl
              tlsprobe diff monday.jsonl today.jsonl --json --expiring 14
            """
    )

    @Argument(help: ArgumentHelp("The older output (- reads standard input).", valueName: "old"), completion: .file())
    var old: String

    @Argument(help: ArgumentHelp("The newer output (- reads standard input).", valueName: "new"), completion: .file())
    var new: String

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(
            "cert.expiring when the leaf now ends within DAYS (default \(DiffSession.defaultExpiringDays)).",
            valueName: "days"
        )
    )
    var expiring: Int = DiffSession.defaultExpiringDays

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if old == "-" && new == "-" { throw ValidationError("only one of OLD and NEW can read standard input") }
        if !(0...3650).contains(expiring) {
            throw ValidationError("--expiring must be a number of days from 0 to 3650")
        }
    }

    func run() throws {
        try examining("diff", output, lines: true) {
            let sink = output.stream(separation: .none)
            let changes = try DiffSession(.init(old: old, new: new, expiringDays: expiring)).run(into: sink)
            return changes.isEmpty ? Status.ok : Status.findings
        }
    }
}
