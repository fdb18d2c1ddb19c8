// `--binary PATH`: every case the library run judges is also given to the real
// `tlsprobe verify … --json`, with the case written to files in a private temporary
// directory, so that the agreement of the command line a user runs is measured as well as
// the library's. A case that verify's options cannot say is counted apart, with the reason,
// never as a pass.

import Foundation
import TLSDiagnosis

/// How `tlsprobe verify` judged one case.
enum CommandLineResult {
    /// A verdict: the report's `trust.trusted`, the exit status, and the codes of the error
    /// findings; or, for a presented certificate the command could not read (`unreadable`:
    /// its error message), a refusal, as the library run counts it.
    case judged(trusted: Bool, exitStatus: Int32, errorCodes: [String], unreadable: String?)
    /// The binary gave no verdict (it crashed, ran out of time, printed no report): counted
    /// as a disagreement, never skipped.
    case failed(reason: String)
    /// verify's options cannot ask what the case asks.
    case notExpressible(reason: String)
    /// The harness could not write the case's files: not a verdict either way.
    case notRun(reason: String)
}

/// The command line for one case, and the files it reads.
struct VerifyInvocation: Sendable {
    /// File name (in the case's directory) and contents: the leaf, what the peer
    /// presented, then the anchors.
    var files: [(name: String, text: String)]
    /// The names of the files given as FILE (leaf first) and as --anchor.
    var chainFiles: [String]
    var anchorFiles: [String]
    /// The options after the files.
    var options: [String]

    /// The arguments, the files in `directory`.
    func arguments(in directory: String) -> [String] {
        var arguments = ["verify"] + chainFiles.map { directory + "/" + $0 }
        for anchor in anchorFiles { arguments += ["--anchor", directory + "/" + anchor] }
        return arguments + options
    }
}

/// What `tlsprobe verify` would be asked for `testcase`, or why its options cannot ask it.
/// The caller has already seen that the library judges the case (its features, purpose
/// and extended key usages are the ones the engine claims).
func verifyInvocation(
    for testcase: [String: Any],
    purpose: Purpose,
    at: Date?,
    profile: Profile
) -> Result<VerifyInvocation, CommandLineReason> {
    if let depth = testcase["max_chain_depth"] as? Int {
        return .failure("max_chain_depth \(depth): verify has no option that limits a path's length")
    }
    if let usages = testcase["key_usage"] as? [String], !usages.isEmpty {
        return .failure(
            "asks for keyUsage \(usages.joined(separator: ",")): verify has no option that requires a key usage"
        )
    }
    if let algorithms = testcase["signature_algorithms"] as? [String], !algorithms.isEmpty {
        return .failure("restricts signature algorithms: verify has no option for that")
    }
    guard let trusted = testcase["trusted_certs"] as? [String], !trusted.isEmpty else {
        return .failure("no trusted certificate: verify evaluates trust only against an --anchor")
    }
    var host: String?
    if let peer = testcase["expected_peer_name"] as? [String: Any] {
        let kind = peer["kind"] as? String ?? "?"
        let value = peer["value"] as? String ?? ""
        if value.utf8.contains(0) { return .failure("a peer name with a NUL byte cannot be an argument") }
        switch kind {
        case "DNS":
            if value.isEmpty { return .failure("an empty DNS peer name: --host refuses it") }
            if case .ip = ExpectedName(parsing: value) {
                return .failure("DNS peer name \(value) is read as an IP address by --host")
            }
        case "IP":
            guard case .ip = ExpectedName(parsing: value) else {
                return .failure("IP peer name \(value) is not read as an IP address by --host")
            }
        default:
            return .failure("expects a peer name of kind \(kind): --host takes a DNS name or an IP address")
        }
        host = value
    }
    // The names a client certificate must carry (x509-limbo's expected_peer_names): verify
    // matches one --host, and no email address.
    for name in testcase["expected_peer_names"] as? [[String: Any]] ?? [] {
        let kind = name["kind"] as? String ?? "?"
        let value = name["value"] as? String ?? ""
        guard (kind == "DNS" || kind == "IP") && value == host else {
            return .failure("expects the peer to be the \(kind) name \(value): --host takes one DNS name or IP address")
        }
    }
    var time: String?
    if let at {
        // @SECONDS, exactly the instant the library judges at.
        let text = "@\(at.timeIntervalSince1970)"
        guard ReportTime.parse(text) == at else {
            return .failure("validation time \(ReportTime.iso8601(at)) cannot be given to --at exactly")
        }
        time = text
    }
    var files = [(name: "leaf.pem", text: testcase["peer_certificate"] as? String ?? "")]
    for (index, pem) in (testcase["untrusted_intermediates"] as? [String] ?? []).enumerated() {
        files.append((name: "presented-\(index + 1).pem", text: pem))
    }
    let chainFiles = files.map(\.name)
    var anchorFiles: [String] = []
    for (index, pem) in trusted.enumerated() {
        anchorFiles.append("anchor-\(index + 1).pem")
        files.append((name: "anchor-\(index + 1).pem", text: pem))
    }
    var options: [String] = []
    // `--host=` so that a name beginning with a dash is not read as an option.
    if let host { options.append("--host=" + host) }
    if let time { options.append("--at=" + time) }
    options += ["--purpose", purpose == .client ? "client" : "server", "--profile", profile.name, "--json"]
    return .success(VerifyInvocation(files: files, chainFiles: chainFiles, anchorFiles: anchorFiles, options: options))
}

/// Why a case is not expressible, as text.
struct CommandLineReason: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    let text: String
    init(stringLiteral value: String) { text = value }
    init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
}

/// A private directory (0700) for the cases' files, removed by `remove()`.
final class ScratchDirectory: Sendable {
    let path: String

    /// Nil, with the reason on stderr, when it cannot be made.
    init?() {
        let base = NSTemporaryDirectory()
        let path = (base.hasSuffix("/") ? base : base + "/") + "tlsprobe-limbo-" + UUID().uuidString
        do {
            // Fails rather than follow anything already at the name.
            try FileManager.default.createDirectory(
                atPath: path,
                withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700]
            )
            // Made 0700 before a file is written into it, whatever the umask and mkdir did.
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        } catch {
            FileHandle.standardError.write(Data("Error: cannot make a private directory \(path): \(error)\n".utf8))
            return nil
        }
        self.path = path
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// SIGINT and SIGTERM: before the command lines run (or after), the scratch directory is
/// removed and the run ends at once; while they run, no further one starts, and the run
/// ends when those running have, the directory removed.
final class StopRequest: @unchecked Sendable {
    // @unchecked: the fields are touched only under `lock`.
    private let lock = NSLock()
    private var signal: Int32?
    private var running = false
    private let scratch: ScratchDirectory

    init(scratch: ScratchDirectory) { self.scratch = scratch }

    /// From the signal handler.
    func request(_ number: Int32) {
        lock.lock()
        signal = number
        if !running {
            // The lock is held to the end: the command lines cannot start meanwhile.
            scratch.remove()
            exit(128 + number)
        }
        lock.unlock()
    }

    /// Whether a stop was asked for.
    var requested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return signal != nil
    }

    /// Marks the command lines as running.
    func begin() {
        lock.lock()
        running = true
        lock.unlock()
    }

    /// Marks them as done, removes the directory, and ends the run when a stop was asked for.
    func end() {
        lock.lock()
        running = false
        let number = signal
        lock.unlock()
        scratch.remove()
        if let number { exit(128 + number) }
    }
}

/// Runs `binary` on the case, in a directory of its own under `scratch`, removed afterwards.
func runVerify(
    binary: String,
    invocation: VerifyInvocation,
    caseNumber: Int,
    scratch: ScratchDirectory,
    stop: StopRequest,
    echo: Bool
) -> CommandLineResult {
    if stop.requested { return .notRun(reason: "stopped by a signal") }
    let directory = scratch.path + "/case-\(caseNumber)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    do {
        try FileManager.default.createDirectory(
            atPath: directory,
            withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700]
        )
        for file in invocation.files {
            let url = URL(fileURLWithPath: directory + "/" + file.name)
            try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
        }
    } catch {
        return .notRun(reason: "the case's files could not be written: \(error.localizedDescription)")
    }
    let arguments = invocation.arguments(in: directory)
    if echo { print("command line: \(binary) \(arguments.joined(separator: " "))") }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let stdout = Pipe()
    process.standardOutput = stdout
    // stderr to a file, so that neither pipe can fill while the other is read.
    let errorPath = directory + "/stderr"
    guard FileManager.default.createFile(atPath: errorPath, contents: nil),
        let errorHandle = FileHandle(forWritingAtPath: errorPath)
    else { return .notRun(reason: "the file for verify's stderr could not be made") }
    process.standardError = errorHandle
    do {
        try process.run()
    } catch {
        try? errorHandle.close()
        return .failed(reason: "\(binary) could not be started: \(error.localizedDescription)")
    }
    // A run that hangs is ended; the case then counts as a disagreement. The timer has a
    // queue of its own: the global queue's threads may all be blocked reading verify's output.
    let limit = DispatchWorkItem { if process.isRunning { process.terminate() } }
    timeoutQueue.asyncAfter(deadline: .now() + 60, execute: limit)
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    limit.cancel()
    try? errorHandle.close()
    let status = process.terminationStatus
    let stderrBytes = (FileManager.default.contents(atPath: errorPath) ?? Data()).prefix(500)
    let stderrText = String(decoding: stderrBytes, as: UTF8.self)
    if echo {
        print("exit status \(status)")
        if !stderrText.isEmpty { print("stderr: \(stderrText)") }
    }
    if process.terminationReason == .uncaughtSignal {
        return .failed(reason: "verify ended by signal \(status)")
    }
    guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any] else {
        return .failed(reason: "exit status \(status), no JSON report on stdout; stderr: \(oneLine(stderrText))")
    }
    if let error = object["error"] as? [String: Any] {
        let code = error["code"] as? String ?? "?"
        let message = error["message"] as? String ?? ""
        // A certificate the peer presented that cannot be read is refused, as a client
        // would refuse it and as the library run counts it. Anything else is no verdict.
        let target = error["target"] as? String ?? ""
        let name = (target as NSString).lastPathComponent
        if status == 2, code == "file.invalid", name == "leaf.pem" || name.hasPrefix("presented-") {
            return .judged(trusted: false, exitStatus: status, errorCodes: [code], unreadable: oneLine(message))
        }
        return .failed(reason: "exit status \(status), error \(code): \(oneLine(message))")
    }
    guard let trust = object["trust"] as? [String: Any], let trusted = trust["trusted"] as? Bool else {
        return .failed(reason: "exit status \(status), the report has no trust.trusted verdict")
    }
    let findings = object["findings"] as? [[String: Any]] ?? []
    let errorCodes = Array(
        Set(findings.filter { $0["severity"] as? String == "error" }.compactMap { $0["code"] as? String })
    )
    .sorted()
    return .judged(trusted: trusted, exitStatus: status, errorCodes: errorCodes, unreadable: nil)
}

/// The command lines' results, filled from several threads.
final class CommandLineResults: @unchecked Sendable {
    // @unchecked: `results` is written only under `lock`, and read after every writer ended.
    private let lock = NSLock()
    private(set) var results: [(result: CommandLineResult, seconds: Double)?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ slot: Int, _ result: CommandLineResult, seconds: Double) {
        lock.lock()
        results[slot] = (result, seconds)
        lock.unlock()
    }
}

/// What the command line's figures are over the run.
struct CommandLineTally {
    var agreed = 0
    var disagreed = 0
    var notExpressible = 0
    var notRun = 0
    /// Cases where the command line's verdict is the library's.
    var sameAsLibrary = 0
    /// Cases where it is not: the id, the library's verdict, the command line's.
    var differentFromLibrary: [(id: String, library: String, commandLine: String)] = []
    /// Cases whose exit status does not say what the report says.
    var statusMismatches: [(id: String, what: String)] = []

    var judged: Int { agreed + disagreed }
    var percent: Double { judged == 0 ? 0 : Double(agreed) * 100 / Double(judged) }

    /// Counts one case: `expected` is whether x509-limbo expects success, `library` the
    /// library's verdict on it.
    mutating func add(id: String, _ result: CommandLineResult, expected: Bool, library: Bool) {
        let libraryText = library ? "trusts" : "refuses"
        switch result {
        case .judged(let trusted, let status, let errorCodes, let unreadable):
            if trusted == expected { agreed += 1 } else { disagreed += 1 }
            if trusted == library {
                sameAsLibrary += 1
            } else {
                differentFromLibrary.append((id, libraryText, trusted ? "trusts" : "refuses"))
            }
            // The exit status says the same as the report: 2 for a file it could not
            // read, else 1 when there is an error finding (--fail-on error), which a
            // refusal always has, else 0.
            let expectedStatus: Int32 = unreadable != nil ? 2 : errorCodes.isEmpty ? 0 : 1
            if status != expectedStatus || (!trusted && status == 0) {
                statusMismatches.append(
                    (id, "exit status \(status), trusted \(trusted), \(errorCodes.count) error finding codes")
                )
            }
        case .failed(let reason):
            disagreed += 1
            differentFromLibrary.append((id, libraryText, "no verdict (\(reason))"))
        case .notExpressible: notExpressible += 1
        case .notRun: notRun += 1
        }
    }
}

func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
}

/// Where the 60-second limits of verify runs fire (a serial queue gets a thread of its own).
private let timeoutQueue = DispatchQueue(label: "tlsprobe-limbo.verify-timeout")
