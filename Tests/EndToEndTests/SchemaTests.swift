import Foundation
import Testing
import TestSupport
import TLSDiagnosis
import TLSProbeKit

/// The JSON Schemas in docs/schema/ against the real output of every command: each report
/// kind is produced by the built binary (against real `openssl s_server` and clients on
/// loopback, or a capture written by CaptureWriter) and validated with Python's
/// `jsonschema` (Tests/Tools/validate-json.py). The schemas close every object, so a key
/// added to the output without updating its schema fails here. No test is skipped when
/// `jsonschema` is missing: Tests/run.sh installs it.
@Suite struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let kinds = [
        "connect", "scan", "diff", "watch", "capture", "listen", "inspect", "verify", "explain", "identity",
    ]
    /// The error object a command prints with --json when it could not examine anything
    /// (validated on real output by ErrorObjectTests).
    static let errorKind = "error"

    static func schemaPath(_ kind: String) -> String {
        root.appendingPathComponent("docs/schema/\(kind).schema.json").path
    }
    static var validator: String { root.appendingPathComponent("Tests/Tools/validate-json.py").path }

    /// Runs the validator; a missing `jsonschema` is a failure that says how to install it.
    static func runValidator(
        _ arguments: [String],
        stdin: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Run.Result {
        let result = try Run.process(
            "python3",
            [validator] + arguments,
            stdin: stdin.map { Data($0.utf8) },
            timeout: 60
        )
        if result.status == 3 {
            Issue.record(
                """
                The Python package jsonschema is missing, so the JSON Schemas cannot be checked: \
                install it with `python3 -m pip install jsonschema` (Tests/run.sh does). \(result.stderr)
                """,
                sourceLocation: sourceLocation
            )
        }
        return result
    }

    /// Validates `output` (one object, or with `lines` JSON Lines) against `kind`'s schema.
    static func expectValid(
        _ output: String,
        _ kind: String,
        lines: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(!output.isEmpty, "\(kind) printed nothing", sourceLocation: sourceLocation)
        let result = try runValidator(
            [schemaPath(kind)] + (lines ? ["--lines"] : []),
            stdin: output,
            sourceLocation: sourceLocation
        )
        if result.status == 3 { return }  // recorded as a failure, with how to install jsonschema
        #expect(
            result.status == 0,
            "\(kind) output does not match docs/schema/\(kind).schema.json:\n\(result.stderr)\n\(output.prefix(4000))",
            sourceLocation: sourceLocation
        )
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            "not a JSON object: \(text.prefix(500))"
        )
    }

    static func objects(lines text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try object(String($0)) }
    }

    static func schema(_ kind: String) throws -> [String: Any] {
        try object(String(contentsOfFile: schemaPath(kind), encoding: .utf8))
    }

    // MARK: the schemas themselves

    /// The schemas the command schemas refer to: the shared shapes, and the code enums
    /// (written by make generate).
    static let shared = ["common", "codes"]
    static var allSchemas: [String] { kinds + [errorKind] + shared }
    static let idBase = "https://tlsprobe.invalid/schema/"

    /// Each file is a 2020-12 schema with an `$id` in one base, so that relative `$ref`s
    /// between them resolve. The validator's --check-schema also resolves every `$ref`
    /// with jsonschema itself.
    @Test func everySchemaIsAValidDraft202012Schema() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("docs/schema").path
        )
        .filter { $0.hasSuffix(".schema.json") }.sorted()
        #expect(files == Self.allSchemas.map { "\($0).schema.json" }.sorted())
        let result = try Self.runValidator(["--check-schema"] + Self.allSchemas.map(Self.schemaPath))
        #expect(result.status == 0 || result.status == 3, "\(result.stderr)")
        for kind in Self.allSchemas {
            let schema = try Self.schema(kind)
            #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema", "\(kind)")
            #expect(schema["$id"] as? String == "\(Self.idBase)\(kind).schema.json", "\(kind)")
        }
    }

    /// Every object in `value` (itself included), with its JSON Pointer.
    static func subschemas(in value: Any, at path: String = "") -> [(path: String, object: [String: Any])] {
        if let object = value as? [String: Any] {
            return [(path, object)]
                + object.sorted { $0.key < $1.key }.flatMap { subschemas(in: $0.value, at: path + "/" + $0.key) }
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { subschemas(in: $0.element, at: path + "/\($0.offset)") }
        }
        return []
    }

    /// Every `$ref` in `value`, with the path to the object that holds it.
    static func references(in value: Any) -> [(path: String, ref: String)] {
        subschemas(in: value).compactMap { found in (found.object["$ref"] as? String).map { (found.path, $0) } }
    }

    static func canonical(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }

    /// What the JSON Pointer `pointer` (RFC 6901) names in `document`; nil when nothing.
    static func resolve(pointer: String, in document: Any) -> Any? {
        guard !pointer.isEmpty else { return document }
        guard pointer.hasPrefix("/") else { return nil }
        var value: Any? = document
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = value as? [String: Any] {
                value = object[key]
            } else if let array = value as? [Any], let index = Int(key), array.indices.contains(index) {
                value = array[index]
            } else {
                return nil
            }
        }
        return value
    }

    /// One truth per definition: no `$defs` name is defined in two files, and no
    /// definition's body is copied anywhere else (inline, or under another name). A shape
    /// two schemas need goes into common.schema.json, and both refer to it.
    @Test func eachDefinitionIsWrittenOnce() throws {
        var definedIn: [String: String] = [:]
        var bodies: [Data: String] = [:]
        for kind in Self.allSchemas {
            for (name, body) in try Self.schema(kind)["$defs"] as? [String: Any] ?? [:] {
                #expect(
                    definedIn[name] == nil,
                    "$defs/\(name) is defined in both \(definedIn[name] ?? "") and \(kind): keep one, in common.schema.json"
                )
                definedIn[name] = kind
                // A body that is only a type says nothing of its own; any other is a fact.
                if let body = body as? [String: Any], Set(body.keys).subtracting(["type"]).isEmpty { continue }
                bodies[try Self.canonical(body)] = "\(kind).schema.json#/$defs/\(name)"
            }
        }
        #expect(definedIn["finding_code"] == "codes" && definedIn["error_code"] == "codes")
        for kind in Self.allSchemas {
            for (path, object) in Self.subschemas(in: try Self.schema(kind)) {
                guard let original = bodies[try Self.canonical(object)] else { continue }
                #expect(
                    original == "\(kind).schema.json#\(path)",
                    "\(kind).schema.json#\(path) is a copy of \(original): refer to it with $ref"
                )
            }
        }
    }

    /// The code lists live in codes.schema.json alone: no other schema has an enum (or a
    /// const) holding a finding or error code; they refer to codes.schema.json instead.
    @Test func onlyTheCodesSchemaListsCodes() throws {
        let defs = try #require(Self.schema("codes")["$defs"] as? [String: Any])
        #expect(
            Set(defs.keys) == ["finding_code", "error_code", "plaintext_protocol", "tunnel_protocol", "transport"],
            "codes.schema.json holds the code enums and nothing else"
        )
        #expect(
            (defs["plaintext_protocol"] as? [String: Any])?["enum"] as? [String]
                == PlaintextProtocol.allCases.map(\.rawValue)
        )
        // "other" is an error code, and an ordinary word too.
        let codes = Set(FindingCatalog.all.map(\.code.rawValue) + ErrorCode.all.map(\.rawValue)).subtracting(["other"])
        for kind in Self.allSchemas where kind != "codes" {
            for (path, object) in Self.subschemas(in: try Self.schema(kind)) {
                let values = (object["enum"] as? [Any] ?? []) + (object["const"].map { [$0] } ?? [])
                let listed = values.compactMap { $0 as? String }.filter(codes.contains)
                #expect(listed.isEmpty, "\(kind).schema.json#\(path) lists codes \(listed): refer to codes.schema.json")
            }
        }
    }

    /// Every `$ref` names a schema here (relative to the `$id`s, or under their base) and,
    /// after its `#`, something in that schema.
    @Test func everyReferenceResolves() throws {
        var documents: [String: Any] = [:]
        for kind in Self.allSchemas { documents["\(kind).schema.json"] = try Self.schema(kind) }
        for kind in Self.allSchemas {
            var otherFiles = Set<String>()
            for (path, ref) in Self.references(in: try Self.schema(kind)) {
                let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                var file = parts[0].isEmpty ? "\(kind).schema.json" : parts[0]
                if file.hasPrefix(Self.idBase) { file.removeFirst(Self.idBase.count) }
                if file != "\(kind).schema.json" { otherFiles.insert(file) }
                let document = try #require(
                    documents[file],
                    "\(kind).schema.json#\(path): \(ref) names no schema in docs/schema"
                )
                let target = Self.resolve(pointer: parts.count == 2 ? parts[1] : "", in: document)
                #expect(
                    target is [String: Any] || target is Bool,
                    "\(kind).schema.json#\(path): \(ref) names no schema"
                )
            }
            // explain shares nothing, and codes.schema.json refers to nothing.
            #expect(
                otherFiles.isEmpty == ["explain", "codes"].contains(kind),
                "\(kind) refers to \(otherFiles.sorted())"
            )
        }
    }

    /// The code enums are exactly the code's: every finding code (sorted), every error code
    /// (in ErrorCode.all's order).
    @Test func theCodeEnumsAreTheCatalogsAndErrorCodes() throws {
        let defs = try #require(Self.schema("codes")["$defs"] as? [String: Any])
        let findings = try #require((defs["finding_code"] as? [String: Any])?["enum"] as? [String])
        #expect(findings == FindingCatalog.all.map(\.code.rawValue).sorted())
        let errors = try #require((defs["error_code"] as? [String: Any])?["enum"] as? [String])
        #expect(errors == ErrorCode.all.map(\.rawValue))
        let error = try #require(Self.schema(Self.errorKind)["properties"] as? [String: Any])
        let commands = try #require((error["command"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(commands) == Set(Self.kinds).subtracting(["explain"]), "the commands that can fail to examine")
    }

    /// The golden files (Tests/TLSProbeOutputTests/Golden) show reports as a user reads them:
    /// each JSON one matches the schema its name starts with (`connect-…`, `error-…`), each
    /// line of a `.jsonl` one (diff's and watch's lines) too.
    @Test func goldenJSONFilesMatchTheirSchemas() throws {
        let golden = Self.root.appendingPathComponent("Tests/TLSProbeOutputTests/Golden")
        let files = try FileManager.default.contentsOfDirectory(atPath: golden.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.contains { $0.hasSuffix(".jsonl") }, "diff's and watch's golden lines")
        #expect(!files.isEmpty)
        for file in files {
            let kind = String(file.prefix { $0 != "-" })
            guard (Self.kinds + [Self.errorKind]).contains(kind) else {
                Issue.record(
                    "Golden/\(file) names no schema: its name must start with one of \(Self.kinds + [Self.errorKind])"
                )
                continue
            }
            try Self.expectValid(
                String(contentsOf: golden.appendingPathComponent(file), encoding: .utf8),
                kind,
                lines: file.hasSuffix(".jsonl")
            )
        }
    }

    /// The validator follows `$ref`s into the other files: a finding code that is not one
    /// (codes.schema.json) and a bad digest in a certificate (common.schema.json) fail.
    @Test func theValidatorFollowsReferencesAcrossFiles() throws {
        let dir = TemporaryDirectory()
        let pki = TestPKI.chain(host: "printer.local")
        let leaf = dir.write("leaf.pem", pki.leaf.pem)
        let other = dir.write("other.pem", TestPKI.issue(.root("Somebody Else's Root")).pem)
        let result = try Run.tlsprobe([
            "verify", leaf, "--anchor", other, "--host", "printer.local", "--json",
            "--at", ReportTime.iso8601(TestPKI.referenceTime),
        ])
        try Self.expectValid(result.stdout, "verify")
        var report = try Self.object(result.stdout)
        var findings = try #require(report["findings"] as? [[String: Any]])
        try #require(!findings.isEmpty, "an untrusted chain has findings")
        findings[0]["code"] = "chain.no_such_code"
        report["findings"] = findings
        var chain = try #require(report["chain"] as? [[String: Any]])
        chain[0]["sha256"] = "not a digest"
        report["chain"] = chain
        let broken = String(decoding: try JSONSerialization.data(withJSONObject: report), as: UTF8.self)
        let check = try Self.runValidator([Self.schemaPath("verify")], stdin: broken)
        if check.status == 3 { return }
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("at /findings/0/code: 'chain.no_such_code' is not one of"), "\(check.stderr)")
        #expect(check.stderr.contains("at /chain/0/sha256: 'not a digest' does not match"), "\(check.stderr)")
    }

    // MARK: offline commands

    @Test func explainMatchesItsSchema() throws {
        for query in [
            "unknown_ca", "X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "chain.missing_intermediate",
            "no such error at all",
        ] {
            let result = try Run.tlsprobe(["explain", "--json", query])
            try Self.expectValid(result.stdout, "explain")
        }
    }

    /// identity --json for each subcommand: the files made (their SHA-256 the certificate's
    /// as openssl computes it) and the next steps; a failure is the error object.
    @Test func identityMatchesItsSchema() throws {
        let dir = TemporaryDirectory()
        let ca = dir.file("ca")
        let runs = [
            ["ca", "--out", ca, "--intermediate", "--mobileconfig"],
            ["server", "--ca", ca, "--host", "127.0.0.1", "--out", dir.file("server"), "--p12", "none"],
            ["client", "--ca", ca, "--name", "ipad", "--out", dir.file("ipad"), "--p12", "none"],
        ]
        for arguments in runs {
            let result = try Run.tlsprobe(["identity"] + arguments + ["--json"], timeout: 120)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            try Self.expectValid(result.stdout, "identity")
            let object = try Self.object(result.stdout)
            #expect(object["subcommand"] as? String == arguments[0])
            let steps = try #require(object["next_steps"] as? [String])
            #expect(steps.count >= 2, "\(steps)")
            // The text's wrapping stays in the text: a line of a step is a sentence or a command.
            for step in steps {
                for line in step.split(separator: "\n").dropFirst() {
                    #expect(line.hasPrefix("  "), "a wrapped sentence, not a command: \(step)")
                }
            }
            let files = try #require(object["files"] as? [[String: Any]])
            let certificate = try #require(files.first { $0["kind"] as? String == "certificate" })
            let path = try #require(certificate["path"] as? String)
            let fingerprint = try Run.process("openssl", ["x509", "-in", path, "-noout", "-fingerprint", "-sha256"])
            let hex = fingerprint.stdout.split(separator: "=").last.map {
                $0.replacingOccurrences(of: ":", with: "").lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(certificate["sha256"] as? String == hex, "\(path)")
            #expect(files.contains { $0["kind"] as? String == "private_key" && $0["mode"] as? String == "0600" })
        }
        let failed = try Run.tlsprobe([
            "identity", "server", "--ca", dir.file("none"), "--host", "a.local", "--out",
            dir.file("x"), "--p12", "none", "--json",
        ])
        #expect(failed.status == 2, "\(failed.stderr)")
        try Self.expectValid(failed.stdout, "error")
    }

    @Test func verifyMatchesItsSchemaTrustedUntrustedAndNotEvaluated() throws {
        let dir = TemporaryDirectory()
        let pki = TestPKI.chain(host: "printer.local")
        let other = TestPKI.issue(.root("Somebody Else's Root"))
        let leaf = dir.write("leaf.pem", pki.leaf.pem)
        let intermediate = dir.write("intermediate.pem", pki.intermediate.pem)
        let root = dir.write("root.pem", pki.root.pem)
        let otherRoot = dir.write("other.pem", other.pem)
        let at = ["--at", ReportTime.iso8601(TestPKI.referenceTime)]

        let trusted = try Run.tlsprobe(
            ["verify", leaf, intermediate, "--anchor", root, "--host", "printer.local", "--json"] + at
        )
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect((try Self.object(trusted.stdout)["trust"] as? [String: Any])?["trusted"] as? Bool == true)
        try Self.expectValid(trusted.stdout, "verify")

        let untrusted = try Run.tlsprobe(["verify", leaf, "--anchor", otherRoot, "--host", "10.0.0.5", "--json"] + at)
        #expect(untrusted.status == 1)
        try Self.expectValid(untrusted.stdout, "verify")

        let unjudged = try Run.tlsprobe(["verify", leaf, intermediate, "--purpose", "client", "--json"] + at)
        let trust = try #require(try Self.object(unjudged.stdout)["trust"] as? [String: Any])
        #expect(trust["evaluated"] as? Bool == false)
        #expect(trust["trusted"] is NSNull, "trusted is null when not evaluated")
        try Self.expectValid(unjudged.stdout, "verify")
    }

    @Test func inspectMatchesItsSchemaWithCertificatesKeysAndPKCS12() throws {
        let dir = TemporaryDirectory()
        let pki = TestPKI.chain(host: "printer.local")
        let leaf = dir.write("leaf.pem", pki.leaf.pem + pki.intermediate.pem)
        let key = dir.write("leaf.key", pki.leaf.keyPEM)
        let der = dir.write("root.der", Data(pki.root.der))
        let p12 = dir.file("identity.p12")
        let export = try Run.process(
            "openssl",
            ["pkcs12", "-export", "-in", leaf, "-inkey", key, "-passout", "env:P12", "-out", p12],
            environment: ["P12": "s3cret", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        )
        try #require(export.status == 0, "openssl pkcs12: \(export.stderr)")

        let result = try Run.tlsprobe(
            [
                "inspect", leaf, key, der, p12, "--key", key, "--password-env", "P12", "--json",
                "--at", ReportTime.iso8601(TestPKI.referenceTime),
            ],
            environment: ["P12": "s3cret"]
        )
        let object = try Self.object(result.stdout)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == 5, "the four files and --key's")
        #expect(files.contains { !($0["pkcs12"] is NSNull) }, "the PKCS#12 file is described")
        #expect(files.contains { ($0["keys"] as? [Any])?.isEmpty == false }, "the key is described")
        try Self.expectValid(result.stdout, "inspect")

        // A wrong password is a finding about the file, still in the same shape.
        let wrong = try Run.tlsprobe(["inspect", p12, "--password-env", "P12", "--json"], environment: ["P12": "nope"])
        #expect(wrong.status == 2, "\(wrong.stderr)")
        #expect(try JSONFindings.codes(Self.object(wrong.stdout)).contains("pkcs12.wrong_password"))
        try Self.expectValid(wrong.stdout, "inspect")
    }

    // MARK: scan

    /// scan's lines: a connect report per endpoint (TLS and not), connect's error object for
    /// an endpoint that listened and never answered, and the summary last.
    @Test func scanMatchesItsSchema() throws {
        let dir = TemporaryDirectory()
        let chain = TestPKI.liveChain(host: "printer.local", ips: ["127.0.0.1"])
        let root = dir.write("root.pem", chain.root.pem)
        let server = try OpenSSLServer(
            cert: dir.write("leaf.pem", chain.leaf.pem),
            key: dir.write("leaf.key", chain.leaf.keyPEM),
            chain: dir.write("intermediate.pem", chain.intermediate.pem)
        )
        defer { server.stop() }
        let http = try MisbehavingServer([.awaitBytes, .send(Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8))])
        defer { http.stop() }
        let silent = try MisbehavingServer([.stall(10)])
        defer { silent.stop() }
        let closed = try ReservedPort()
        let ports = [server.port, http.port, silent.port, closed.port].map(String.init).joined(separator: ",")
        let result = try Run.tlsprobe(
            [
                "scan", "127.0.0.1", "--ports", ports, "--anchor", root, "--json", "--timeout", "2", "--expiring",
                "3650",
            ],
            timeout: 60
        )
        let lines = try Self.objects(lines: result.stdout)
        #expect(lines.count == 4, "\(result.stdout.prefix(3000))")
        #expect(lines.contains { $0["error"] != nil }, "the silent port's error object")
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        #expect((summary["expiring"] as? [Any])?.count == 1, "the trusted leaf expires within ten years")
        try Self.expectValid(result.stdout, "scan", lines: true)
    }

    /// diff's lines, on the golden connect reports (the same endpoint trusted, then missing
    /// its intermediate) and against an output without it (gone, then new).
    @Test func diffMatchesItsSchema() throws {
        let golden = Self.root.appendingPathComponent("Tests/TLSProbeOutputTests/Golden")
        let trusted = golden.appendingPathComponent("connect-trusted.json").path
        let missing = golden.appendingPathComponent("connect-missing-intermediate.json").path
        let dir = TemporaryDirectory()
        let empty = dir.write("empty.jsonl", #"{"schema_version":1,"command":"scan","summary":{}}"# + "\n")
        var output = ""
        for (old, new) in [(trusted, missing), (missing, trusted), (trusted, empty), (empty, trusted)] {
            let result = try Run.tlsprobe(["diff", old, new, "--json", "--expiring", "3650"])
            #expect(result.status == 1, "\(result.stderr)")
            output += result.stdout
        }
        let kinds = Set(try Self.objects(lines: output).compactMap { $0["change"] as? String })
        #expect(
            kinds.isSuperset(of: ["trust.lost", "trust.gained", "finding.new", "endpoint.gone", "endpoint.new"]),
            "\(kinds)"
        )
        try Self.expectValid(output, "diff", lines: true)
    }

    /// scan's endpoint lines are connect's report and error object: its schema refers to
    /// connect's and to the error object (with command "connect"), and copies neither.
    @Test func scanSchemaRefersToConnectsReportAndErrorObject() throws {
        let defs = try #require(Self.schema("scan")["$defs"] as? [String: Any])
        let report = try #require(defs["connect_report"] as? [String: Any])
        #expect(Self.references(in: report).map(\.ref) == ["connect.schema.json"])
        let error = try #require(defs["connect_error"] as? [String: Any])
        #expect(Self.references(in: error).map(\.ref) == ["error.schema.json"])
        let command = try #require((error["properties"] as? [String: Any])?["command"] as? [String: Any])
        #expect(command["const"] as? String == "connect")
    }

    // MARK: connect

    @Test func connectMatchesItsSchemaWhenTrustFails() throws {
        let dir = TemporaryDirectory()
        let chain = TestPKI.liveChain(host: "printer.local", ips: ["127.0.0.1"])
        let other = TestPKI.issueLive(.root("Somebody Else's Root"))
        let server = try OpenSSLServer(
            cert: dir.write("leaf.pem", chain.leaf.pem),
            key: dir.write("leaf.key", chain.leaf.keyPEM),
            chain: dir.write("intermediate.pem", chain.intermediate.pem),
            extra: ["-tls1_2"]
        )
        defer { server.stop() }
        let result = try Run.tlsprobe(
            ["connect", server.address, "--anchor", dir.write("other.pem", other.pem), "--json", "--timeout", "10"],
            timeout: 30
        )
        #expect(result.status == 1, "\(result.stderr)")
        let trust = try #require(try Self.object(result.stdout)["trust"] as? [String: Any])
        #expect(trust["evaluated"] as? Bool == true)
        #expect(trust["trusted"] as? Bool == false)
        try Self.expectValid(result.stdout, "connect")
    }

    @Test func connectMatchesItsSchemaWithVersionsAndAClientCertificateRequest() throws {
        let dir = TemporaryDirectory()
        let chain = TestPKI.liveChain(host: "printer.local", ips: ["127.0.0.1"])
        let root = dir.write("root.pem", chain.root.pem)
        let server = try OpenSSLServer(
            cert: dir.write("leaf.pem", chain.leaf.pem),
            key: dir.write("leaf.key", chain.leaf.keyPEM),
            chain: dir.write("intermediate.pem", chain.intermediate.pem),
            extra: ["-verify", "1", "-CAfile", root]
        )
        defer { server.stop() }
        let result = try Run.tlsprobe(
            ["connect", server.address, "--anchor", root, "--versions", "--json", "--timeout", "10"],
            timeout: 30
        )
        let object = try Self.object(result.stdout)
        #expect(!(object["versions"] is NSNull), "--versions fills versions")
        #expect(!(object["version_probes"] is NSNull))
        #expect(!(object["certificate_request"] is NSNull), "the server asked for a certificate")
        try Self.expectValid(result.stdout, "connect")
    }

    // MARK: listen

    @Test func listenRecordsMatchTheirSchemaWithAClientCertificateAndAnHTTPRequest() throws {
        let dir = TemporaryDirectory()
        let chain = TestPKI.liveChain(host: "printer.local", ips: ["127.0.0.1"])
        let root = dir.write("root.pem", chain.root.pem)
        let client = TestPKI.issueLive(.client("front-desk-ipad"), by: chain.intermediate)
        let clientCert = dir.write("client.pem", client.pem + chain.intermediate.pem)
        let clientKey = dir.write("client.key", client.keyPEM)
        let listener = try ListenProcess([
            "--json", "--count", "3", "--cert", dir.write("leaf.pem", chain.leaf.pem), "--key",
            dir.write("leaf.key", chain.leaf.keyPEM),
            "--chain", dir.write("intermediate.pem", chain.intermediate.pem), "--request-client-cert",
            "--client-anchor", root,
        ])
        // A client with a certificate, one without that sends an HTTP request, one that refuses our chain.
        try Run.process(
            "openssl",
            ["s_client", "-connect", listener.address, "-cert", clientCert, "-key", clientKey, "-CAfile", root],
            stdin: Data(),
            timeout: 20
        )
        try Run.process(
            "curl",
            ["-sS", "--max-time", "10", "--cacert", root, "-o", "/dev/null", "https://\(listener.address)/status"],
            timeout: 20
        )
        try Run.process(
            "openssl",
            [
                "s_client", "-connect", listener.address, "-verify_return_error",
                "-CAfile", dir.write("other.pem", TestPKI.issueLive(.root("Somebody Else's Root")).pem),
            ],
            stdin: Data(),
            timeout: 20
        )
        listener.finish()
        let lines = try Self.objects(lines: listener.stdoutText)
        #expect(lines.count == 3, "\(listener.stderrText)")
        #expect(
            lines.contains { ($0["client_trust"] as? [String: Any])?["evaluated"] as? Bool == true },
            "a client certificate was judged"
        )
        #expect(lines.contains { !($0["http"] is NSNull) && $0["http"] != nil }, "an HTTP request was answered")
        try Self.expectValid(listener.stdoutText, "listen", lines: true)
    }

    // MARK: capture

    @Test func captureRecordsMatchTheirSchemaWithServerAndClientChains() throws {
        let pki = TestPKI.chain(host: "printer.local")
        let client = TestPKI.issue(.client("front-desk-ipad"), by: pki.intermediate)
        let dir = TemporaryDirectory()
        var packets: [CaptureWriter.Packet] = []
        // TLS 1.2 with a CertificateRequest and a client chain, completed.
        var first = TCPConversation()
        let mtls = SyntheticTLS.tls12(
            chain: [pki.leaf.der, pki.intermediate.der],
            requestClientCertificate: true,
            clientChain: [client.der, pki.intermediate.der]
        )
        packets +=
            first.open() + first.send(mtls.clientHello, from: .client) + first.send(mtls.serverFlight, from: .server)
        packets +=
            first.send(mtls.clientFinish, from: .client) + first.send(mtls.serverFinish, from: .server) + first.close()
        // A client that refuses the chain with an alert.
        var second = TCPConversation(clientPort: 50_001)
        second.time = first.time + 1
        let refused = SyntheticTLS.tls12(chain: [pki.leaf.der])
        packets +=
            second.open() + second.send(refused.clientHello, from: .client)
            + second.send(refused.serverFlight, from: .server)
        packets += second.send(SyntheticTLS.alert(description: 48), from: .client) + second.close()
        let file = dir.write("mtls.pcap", CaptureWriter.file(.pcap, linkType: 1, packets: packets))

        let result = try Run.tlsprobe([
            "capture", "-r", file, "--json", "--anchor", dir.write("root.pem", pki.root.pem),
            "--at", ReportTime.iso8601(TestPKI.referenceTime),
        ])
        let lines = try Self.objects(lines: result.stdout)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.contains { ($0["chain"] as? [Any])?.count == 2 }, "the server chain is reported")
        #expect(lines.contains { ($0["client_chain"] as? [Any])?.count == 2 }, "the client chain is reported")
        #expect(lines.contains { ($0["alerts"] as? [Any])?.isEmpty == false }, "the alert is reported")
        try Self.expectValid(result.stdout, "capture", lines: true)
    }

    /// Real handshakes captured by tcpdump on lo: `openssl s_client` against `s_server` with a
    /// chain, TLS 1.2 (chain visible) and TLS 1.3 (encrypted), one refusing the chain.
    @Test(.enabled(if: LoopbackCapture.unavailableReason == nil, captureComment))
    func capturedRealHandshakesMatchTheirSchema() throws {
        let dir = TemporaryDirectory()
        let chain = TestPKI.liveChain(host: "localhost", ips: ["127.0.0.1"])
        let root = dir.write("root.pem", chain.root.pem)
        let other = dir.write("other.pem", TestPKI.issueLive(.root("Somebody Else's Root")).pem)
        let server = try OpenSSLServer(
            cert: dir.write("leaf.pem", chain.leaf.pem),
            key: dir.write("leaf.key", chain.leaf.keyPEM),
            chain: dir.write("intermediate.pem", chain.intermediate.pem)
        )
        defer { server.stop() }
        let recorder = try LoopbackCapture(port: server.port, path: dir.file("real.pcap"))
        for client in [
            ["-tls1_2", "-CAfile", root], ["-tls1_3", "-CAfile", root],
            ["-tls1_2", "-CAfile", other, "-verify_return_error"],
        ] {
            try Run.process(
                "openssl",
                ["s_client", "-connect", server.address, "-servername", "localhost", "-brief"] + client,
                stdin: Data("Q\n".utf8),
                timeout: 10
            )
        }
        let file = recorder.stop()
        let result = try Run.tlsprobe(["capture", "-r", file, "--json", "--anchor", root])
        let lines = try Self.objects(lines: result.stdout)
        #expect(lines.count == 3, "\(result.stderr)")
        try Self.expectValid(result.stdout, "capture", lines: true)
    }
}
