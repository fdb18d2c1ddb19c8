// tlsprobe-limbo: runs the x509-limbo path-validation corpus through tlsprobe's trust
// engine and reports how often it agrees with the expected result.
//
//   tlsprobe-limbo [--verbose] [--json] [--profile NAME] [--min-agreement PERCENT] [--binary PATH] [PATH]
//
// On the same cases and in the same run it also asks OpenSSL's X509_verify_cert (default
// flags, as libssl clients use it) and prints that agreement beside tlsprobe's. With
// --binary (a built tlsprobe), each case the library judges is also given to the command
// line a user runs, `tlsprobe verify … --json`, its files written to a private temporary
// directory (removed afterwards), and that agreement is printed too: over the cases
// verify's options can express (a maximum chain depth, a required keyUsage or an email
// peer name cannot be said; those are listed with the reason, never counted as passes),
// with every case where the command line and the library reach different verdicts.
//
// PATH defaults to $TLSPROBE_LIMBO, else ../shared/corpus/x509-limbo/limbo.json from the
// package root (the current directory when run with `swift run`). Every case runs under
// the default profile with the case's purpose, peer name, time and chain depth. Cases
// that need a feature the engine does not claim are skipped, listed with the reason, and
// never counted as passes. Exit status: 0 when the run completed (and reached
// --min-agreement), 1 when agreement (the library's, or the command line's with --binary)
// fell below --min-agreement, 2 when the corpus could not be read or --binary cannot be
// run, 64 on a usage error.

import Foundation
import OpenSSLProbe
import TLSDiagnosis

/// Features of x509-limbo the engine does not claim, and why.
let unclaimedFeatures: [String: String] = [
    "has-crl": "needs CRL revocation checking, which the trust engine does not do",
    "pedantic-public-suffix-wildcard": "needs the Public Suffix List, which tlsprobe does not ship",
]

struct Options {
    var verbose = false
    var json = false
    var path: String?
    /// Only this case, with every finding and the path (for debugging the engine).
    var only: String?
    /// The profile cases run under.
    var profile: Profile = .default
    /// Exit 1 when agreement is below this percentage.
    var minimumAgreement: Double?
    /// A built `tlsprobe` whose `verify` command judges the cases too.
    var binary: String?
}

let usage =
    "usage: tlsprobe-limbo [--verbose] [--json] [--case=ID] [--profile NAME] [--min-agreement PERCENT] [--binary PATH] [PATH]"

func parseOptions() -> Options? {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()[...]
    while let argument = arguments.popFirst() {
        switch argument {
        case "--profile":
            guard let name = arguments.popFirst(), let profile = Profile.named(name) else { return nil }
            options.profile = profile
        case "--min-agreement":
            guard let value = arguments.popFirst().flatMap(Double.init) else { return nil }
            options.minimumAgreement = value
        case "--binary":
            guard let path = arguments.popFirst(), !path.isEmpty else { return nil }
            options.binary = path
        case "--verbose", "-v": options.verbose = true
        case "--json": options.json = true
        case let flag where flag.hasPrefix("--case="): options.only = String(flag.dropFirst("--case=".count))
        case "--help", "-h":
            print(usage)
            exit(0)
        default:
            if argument.hasPrefix("-") || options.path != nil { return nil }
            options.path = argument
        }
    }
    return options
}

guard let options = parseOptions() else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}

let corpusPath =
    options.path
    ?? ProcessInfo.processInfo.environment["TLSPROBE_LIMBO"]
    ?? "../shared/corpus/x509-limbo/limbo.json"

guard let data = FileManager.default.contents(atPath: corpusPath),
    let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let cases = root["testcases"] as? [[String: Any]]
else {
    FileHandle.standardError.write(
        Data("Error: cannot read the x509-limbo corpus at \(corpusPath) (give its path or set TLSPROBE_LIMBO)\n".utf8)
    )
    exit(2)
}

// The command line's files go to a private directory, removed when the run ends, also by
// SIGINT or SIGTERM.
var scratch: ScratchDirectory?
var stop: StopRequest?
var signalSources: [DispatchSourceSignal] = []
if let binary = options.binary {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        FileHandle.standardError.write(Data("Error: --binary \(binary): not an executable file\n".utf8))
        exit(2)
    }
    guard let made = ScratchDirectory() else { exit(2) }
    scratch = made
    let request = StopRequest(scratch: made)
    stop = request
    for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { request.request(number) }
        source.resume()
        signalSources.append(source)
    }
}

// MARK: one case

enum CaseResult {
    case agreed(findings: [Finding], trusted: Bool, openSSLAgreed: Bool)
    case disagreed(findings: [Finding], trusted: Bool, openSSLAgreed: Bool)
    case skipped(reason: String)
}

struct CaseRecord {
    let id: String
    let expected: String
    let result: CaseResult
    let seconds: Double
    /// Its index in the corpus.
    let caseNumber: Int
    /// How `tlsprobe verify` judged it (--binary, for a case the library judges).
    var commandLine: CommandLineResult?
    var commandLineSeconds = 0.0
}

func certificates(_ value: Any?) -> [X509Certificate]? {
    guard let pems = value as? [String] else { return [] }
    var out: [X509Certificate] = []
    for pem in pems {
        guard let cert = certificate(pem) else { return nil }
        out.append(cert)
    }
    return out
}

func certificate(_ pem: String) -> X509Certificate? {
    let blocks = PEM.blocks(in: Array(pem.utf8)).blocks
    guard let block = blocks.first(where: { $0.label == "CERTIFICATE" }) else { return nil }
    return try? X509Certificate(derEncoded: block.der)
}

func parseTime(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
}

let now = Date()

func run(_ testcase: [String: Any]) -> CaseResult {
    let features = testcase["features"] as? [String] ?? []
    if let feature = features.first(where: { unclaimedFeatures[$0] != nil }) {
        return .skipped(reason: "\(feature): \(unclaimedFeatures[feature] ?? "")")
    }
    let expectedSuccess = (testcase["expected_result"] as? String) == "SUCCESS"
    let kind = testcase["validation_kind"] as? String ?? "SERVER"
    let purpose: Purpose = kind == "CLIENT" ? .client : .server
    let ekus = testcase["extended_key_usage"] as? [String] ?? []
    let modelled: Set<String> = ["serverAuth", "clientAuth"]
    if let other = ekus.first(where: { !modelled.contains($0) }) {
        return .skipped(reason: "asks for extendedKeyUsage \(other); the engine judges TLS server and client use only")
    }
    if ekus.contains("serverAuth") && purpose == .client || ekus.contains("clientAuth") && purpose == .server {
        return .skipped(reason: "asks for extendedKeyUsage \(ekus.joined(separator: ",")) with validation kind \(kind)")
    }

    var expectedName: ExpectedName?
    if let peer = testcase["expected_peer_name"] as? [String: Any], let value = peer["value"] as? String {
        switch peer["kind"] as? String {
        case "DNS": expectedName = .dns(value)
        case "IP":
            guard let address = IPAddressText.parse(value) else {
                return .skipped(reason: "unreadable IP peer name \(value)")
            }
            expectedName = .ip(address)
        default:
            // rfc822 identities are not matched by the engine; the chain is still judged.
            expectedName = nil
        }
    }
    var at = now
    if let text = testcase["validation_time"] as? String {
        guard let parsed = parseTime(text) else { return .skipped(reason: "unreadable validation time \(text)") }
        at = parsed
    }
    let maxDepth = testcase["max_chain_depth"] as? Int

    // A certificate the engine cannot read at all is refused, as a client would.
    guard let peerPEM = testcase["peer_certificate"] as? String else { return .skipped(reason: "no peer certificate") }
    // An unreadable anchor is left out, as a trust store skips a broken entry.
    let trustedCerts = (testcase["trusted_certs"] as? [String] ?? []).compactMap(certificate)
    let intermediates = certificates(testcase["untrusted_intermediates"])
    guard let leaf = certificate(peerPEM), let intermediates else {
        let finding = Finding(
            code: .certMalformed,
            subject: .certificate(0),
            message: "a presented certificate cannot be read"
        )
        // OpenSSL is not asked about what tlsprobe cannot read; count it as refusing too.
        return expectedSuccess
            ? .disagreed(findings: [finding], trusted: false, openSSLAgreed: false)
            : .agreed(findings: [finding], trusted: false, openSSLAgreed: true)
    }
    let anchors = trustedCerts.enumerated().map { TrustAnchor(certificate: $1, source: "trusted_certs[\($0)]") }
    let context = TrustContext(
        at: at,
        expectedName: expectedName,
        purpose: purpose,
        profile: options.profile,
        maxIntermediates: maxDepth
    )
    let evaluation = TrustEngine.evaluate(leaf: leaf, presented: intermediates, anchors: anchors, context: context)
    if options.only != nil {
        print(
            "path: \(evaluation.path.map { $0.map { "\($0.source) \($0.certificate.subjectString)" }.joined(separator: " -> ") } ?? "none")"
        )
        for finding in evaluation.findings {
            print("  \(finding.severity.rawValue) \(finding.code) \(finding.subject): \(finding.message)")
            print("      evidence: \(finding.evidence)")
            print("      fix: \(finding.fix)")
        }
    }
    let openssl = OpenSSLVerification.verify(
        leaf: leaf,
        presented: intermediates,
        anchors: trustedCerts,
        context: context
    )
    let openSSLAgreed = openssl.ok == expectedSuccess
    let agreed = evaluation.trusted == expectedSuccess
    return agreed
        ? .agreed(findings: evaluation.findings, trusted: evaluation.trusted, openSSLAgreed: openSSLAgreed)
        : .disagreed(findings: evaluation.findings, trusted: evaluation.trusted, openSSLAgreed: openSSLAgreed)
}

/// What `tlsprobe verify` is asked on a case the library judged: the same purpose, time and profile.
func commandLineInvocation(_ testcase: [String: Any]) -> Result<VerifyInvocation, CommandLineReason> {
    let purpose: Purpose = (testcase["validation_kind"] as? String) == "CLIENT" ? .client : .server
    let at = (testcase["validation_time"] as? String).flatMap(parseTime)
    return verifyInvocation(for: testcase, purpose: purpose, at: at, profile: options.profile)
}

// MARK: run all

var records: [CaseRecord] = []
for (number, testcase) in cases.enumerated() {
    let id = testcase["id"] as? String ?? "?"
    if let only = options.only, only != id { continue }
    let start = DispatchTime.now().uptimeNanoseconds
    let result = run(testcase)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    records.append(
        CaseRecord(
            id: id,
            expected: testcase["expected_result"] as? String ?? "?",
            result: result,
            seconds: seconds,
            caseNumber: number
        )
    )
}

// Then the command line on every case the library judged, as many at once as there are
// cores (each case has a directory of its own).
var commandLineWallSeconds = 0.0
if let binary = options.binary, let scratch, let stop {
    var runs: [(index: Int, number: Int, invocation: VerifyInvocation)] = []
    for index in records.indices {
        if case .skipped = records[index].result { continue }
        switch commandLineInvocation(cases[records[index].caseNumber]) {
        case .failure(let reason): records[index].commandLine = .notExpressible(reason: reason.text)
        case .success(let invocation): runs.append((index, records[index].caseNumber, invocation))
        }
    }
    let jobs = runs
    let results = CommandLineResults(count: jobs.count)
    let echo = options.only != nil
    let start = DispatchTime.now().uptimeNanoseconds
    stop.begin()
    DispatchQueue.concurrentPerform(iterations: jobs.count) { slot in
        let started = DispatchTime.now().uptimeNanoseconds
        let result = runVerify(
            binary: binary,
            invocation: jobs[slot].invocation,
            caseNumber: jobs[slot].number,
            scratch: scratch,
            stop: stop,
            echo: echo
        )
        results.set(slot, result, seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }
    commandLineWallSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    stop.end()
    for (slot, job) in jobs.enumerated() {
        records[job.index].commandLine = results.results[slot]?.result
        records[job.index].commandLineSeconds = results.results[slot]?.seconds ?? 0
    }
}

func prefix(_ id: String) -> String {
    guard let range = id.range(of: "::") else { return id }
    return String(id[..<range.lowerBound]) + "::"
}

var total = 0
var agreed = 0
var disagreed = 0
var skipped = 0
var openSSLAgreed = 0
var sameAsOpenSSL = 0
var byPrefix: [String: (agreed: Int, disagreed: Int, skipped: Int)] = [:]
var rejectedWithoutReason: [String] = []
for record in records {
    total += 1
    var bucket = byPrefix[prefix(record.id)] ?? (0, 0, 0)
    switch record.result {
    case .agreed(let findings, let trusted, let openssl):
        agreed += 1
        if openssl {
            openSSLAgreed += 1
            sameAsOpenSSL += 1
        }
        bucket.agreed += 1
        if !trusted {
            // Every refusal must carry at least one error finding with a specific code
            // and a message; a refusal with none would leave the user guessing.
            let errors = findings.filter {
                $0.severity == .error && !$0.message.isEmpty && FindingCatalog.entry(for: $0.code) != nil
            }
            if errors.isEmpty { rejectedWithoutReason.append(record.id) }
        }
    case .disagreed(_, _, let openssl):
        disagreed += 1
        if openssl { openSSLAgreed += 1 } else { sameAsOpenSSL += 1 }
        bucket.disagreed += 1
    case .skipped:
        skipped += 1
        bucket.skipped += 1
    }
    byPrefix[prefix(record.id)] = bucket
}
var commandLine = CommandLineTally()
for record in records {
    guard let result = record.commandLine else { continue }
    let library: Bool
    switch record.result {
    case .agreed(_, let trusted, _), .disagreed(_, let trusted, _): library = trusted
    case .skipped: continue
    }
    commandLine.add(
        id: record.id,
        result,
        expected: record.expected == "SUCCESS",
        library: library
    )
}
let judged = agreed + disagreed
let percent = judged == 0 ? 0 : Double(agreed) * 100 / Double(judged)
let openSSLPercent = judged == 0 ? 0 : Double(openSSLAgreed) * 100 / Double(judged)

func findingLine(_ finding: Finding) -> String {
    "      \(finding.severity.rawValue) \(finding.code) \(finding.subject): \(finding.message)"
}

func commandLineItem(_ result: CommandLineResult, record: CaseRecord) -> [String: Any] {
    let expected = record.expected == "SUCCESS"
    switch result {
    case .judged(let trusted, let status, let errorCodes, let unreadable):
        var item: [String: Any] = [
            "outcome": trusted == expected ? "agreed" : "disagreed", "trusted": trusted,
            "exit_status": Int(status), "error_codes": errorCodes, "seconds": record.commandLineSeconds,
        ]
        if let unreadable { item["unreadable"] = unreadable }
        return item
    case .failed(let reason): return ["outcome": "disagreed", "reason": reason, "seconds": record.commandLineSeconds]
    case .notExpressible(let reason): return ["outcome": "not_expressible", "reason": reason]
    case .notRun(let reason): return ["outcome": "not_run", "reason": reason]
    }
}

if options.json {
    var out: [String: Any] = [
        "schema_version": 1,
        "corpus": corpusPath,
        "total": total, "agreed": agreed, "disagreed": disagreed, "skipped": skipped,
        "agreement_percent": (percent * 10).rounded() / 10,
        "profile": options.profile.name,
        "openssl": [
            "verifier": OpenSSLLibrary.version, "agreed": openSSLAgreed,
            "agreement_percent": (openSSLPercent * 10).rounded() / 10,
            "same_verdict_as_tlsprobe": sameAsOpenSSL,
        ],
    ]
    out["by_prefix"] = Dictionary(
        uniqueKeysWithValues: byPrefix.map { key, value in
            (key, ["agreed": value.agreed, "disagreed": value.disagreed, "skipped": value.skipped])
        }
    )
    out["cases"] = records.map { record -> [String: Any] in
        var item: [String: Any] = ["id": record.id, "expected": record.expected, "seconds": record.seconds]
        switch record.result {
        case .agreed(let findings, let trusted, let openssl), .disagreed(let findings, let trusted, let openssl):
            item["openssl_agreed"] = openssl
            if case .agreed = record.result { item["outcome"] = "agreed" } else { item["outcome"] = "disagreed" }
            item["trusted"] = trusted
            item["error_codes"] = Array(Set(findings.filter { $0.severity == .error }.map(\.code.rawValue))).sorted()
        case .skipped(let reason):
            item["outcome"] = "skipped"
            item["reason"] = reason
        }
        if let result = record.commandLine { item["command_line"] = commandLineItem(result, record: record) }
        return item
    }
    out["rejected_without_specific_code"] = rejectedWithoutReason
    if let binary = options.binary {
        var figures: [String: Any] = ["binary": binary]
        figures["agreed"] = commandLine.agreed
        figures["disagreed"] = commandLine.disagreed
        figures["judged"] = commandLine.judged
        figures["not_expressible"] = commandLine.notExpressible
        figures["not_run"] = commandLine.notRun
        figures["agreement_percent"] = (commandLine.percent * 10).rounded() / 10
        figures["same_verdict_as_library"] = commandLine.sameAsLibrary
        figures["different_from_library"] = commandLine.differentFromLibrary.map { difference -> [String: String] in
            ["id": difference.id, "library": difference.library, "command_line": difference.commandLine]
        }
        figures["exit_status_mismatches"] = commandLine.statusMismatches.map { mismatch -> [String: String] in
            ["id": mismatch.id, "what": mismatch.what]
        }
        figures["seconds"] = (commandLineWallSeconds * 10).rounded() / 10
        out["command_line"] = figures
    }
    if let bytes = try? JSONSerialization.data(withJSONObject: out, options: [.sortedKeys, .prettyPrinted]) {
        FileHandle.standardOutput.write(bytes)
        print()
    }
} else {
    print("x509-limbo: \(corpusPath)")
    print("total \(total), agreed \(agreed), disagreed \(disagreed), skipped \(skipped)")
    print(
        String(
            format: "agreement: %d/%d = %.1f%% of the cases not skipped (profile %@)",
            agreed,
            judged,
            percent,
            options.profile.name as NSString
        )
    )
    print(
        String(
            format: "same cases, %@ X509_verify_cert as a client (security level %d, default flags): %d/%d = %.1f%%",
            OpenSSLLibrary.version as NSString,
            OpenSSLVerification.clientSecurityLevel,
            openSSLAgreed,
            judged,
            openSSLPercent
        )
    )
    print(
        String(
            format: "tlsprobe (profile %@) and OpenSSL reach the same verdict on %d/%d",
            options.profile.name as NSString,
            sameAsOpenSSL,
            judged
        )
    )
    if options.binary != nil {
        print(
            String(
                format: "tlsprobe verify (command line): %d/%d = %.1f%% of the %d cases its options express"
                    + " (%d not expressible%@)",
                commandLine.agreed,
                commandLine.judged,
                commandLine.percent,
                commandLine.judged,
                commandLine.notExpressible,
                commandLine.notRun > 0 ? ", \(commandLine.notRun) not run" as NSString : "" as NSString
            )
        )
        print(
            String(
                format: "tlsprobe verify and the library reach the same verdict on %d/%d"
                    + " (%.1f s for the command lines)",
                commandLine.sameAsLibrary,
                commandLine.judged,
                commandLineWallSeconds
            )
        )
    }
    print("\nby prefix:")
    for key in byPrefix.keys.sorted() {
        let value = byPrefix[key] ?? (0, 0, 0)
        let n = value.agreed + value.disagreed
        print(
            String(
                format: "  %-14@ %3d/%-3d agreed%@",
                key as NSString,
                value.agreed,
                n,
                value.skipped > 0 ? " (\(value.skipped) skipped)" as NSString : "" as NSString
            )
        )
    }
    print("\nskipped:")
    for record in records {
        if case .skipped(let reason) = record.result { print("  \(record.id): \(reason)") }
    }
    print("\ndisagreements:")
    for record in records {
        guard case .disagreed(let findings, let trusted, _) = record.result else { continue }
        print("  \(record.id): expected \(record.expected), tlsprobe \(trusted ? "trusts" : "refuses")")
        let errors = findings.filter { $0.severity == .error }
        if options.verbose {
            for finding in findings { print(findingLine(finding)) }
        } else if !errors.isEmpty {
            print("      " + Array(Set(errors.map(\.code.rawValue))).sorted().joined(separator: ", "))
        }
    }
    if options.binary != nil {
        print("\nnot expressible through tlsprobe verify's options:")
        for record in records {
            if case .notExpressible(let reason)? = record.commandLine { print("  \(record.id): \(reason)") }
        }
        let notRun = records.compactMap { record -> String? in
            guard case .notRun(let reason)? = record.commandLine else { return nil }
            return "  \(record.id): \(reason)"
        }
        if !notRun.isEmpty {
            print("\nnot run through tlsprobe verify (never counted):")
            for line in notRun { print(line) }
        }
        print("\ntlsprobe verify (command line) against the library:")
        if commandLine.differentFromLibrary.isEmpty { print("  the same verdict on every case both judge") }
        for difference in commandLine.differentFromLibrary {
            print("  \(difference.id): library \(difference.library), command line \(difference.commandLine)")
        }
        print(
            "exit status not matching verify's report: \(commandLine.statusMismatches.isEmpty ? "none" : commandLine.statusMismatches.map { "\($0.id) (\($0.what))" }.joined(separator: ", "))"
        )
    }
    print(
        "\nrejected without a specific finding code: \(rejectedWithoutReason.isEmpty ? "none" : rejectedWithoutReason.joined(separator: ", "))"
    )
    let slowest = records.max { $0.seconds < $1.seconds }
    if let slowest { print(String(format: "slowest case: %@ (%.3f s)", slowest.id, slowest.seconds)) }
    if options.verbose {
        print("\nagreed (verbose):")
        for record in records {
            guard case .agreed(let findings, let trusted, _) = record.result else { continue }
            print("  \(record.id): expected \(record.expected), tlsprobe \(trusted ? "trusts" : "refuses")")
            for finding in findings where finding.severity == .error { print(findingLine(finding)) }
        }
    }
}

if let minimum = options.minimumAgreement {
    var below = false
    if percent < minimum {
        FileHandle.standardError.write(
            Data(String(format: "agreement %.1f%% is below the required %.1f%%\n", percent, minimum).utf8)
        )
        below = true
    }
    if options.binary != nil && commandLine.percent < minimum {
        FileHandle.standardError.write(
            Data(
                String(
                    format: "tlsprobe verify's agreement %.1f%% is below the required %.1f%%\n",
                    commandLine.percent,
                    minimum
                )
                .utf8
            )
        )
        below = true
    }
    if below { exit(1) }
}
