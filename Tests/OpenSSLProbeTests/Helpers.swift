import Foundation
import OpenSSLProbe
import TLSDiagnosis
import TestSupport

/// A temporary directory for one test, removed when released.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tlsprobe-openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The real `openssl` command, to make test inputs the way users make them.
enum OpenSSLTool {
    struct Failure: Error, CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        let stderr: String
        var description: String { "openssl \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
    }

    /// Runs openssl in `directory`; throws when it fails.
    @discardableResult
    static func run(_ arguments: [String], in directory: Scratch, environment: [String: String] = [:]) throws -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                arguments: arguments,
                status: process.terminationStatus,
                stderr: String(decoding: errors, as: UTF8.self)
            )
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Password providers for tests, counting how often they are asked.
final class PasswordProbe: Sendable {
    let answer: String?
    private let calls = Mutex(0)

    init(_ answer: String?) { self.answer = answer }

    var count: Int { calls.withLock { $0 } }

    var provider: PasswordProvider {
        { @Sendable [self] _ in
            self.calls.withLock { $0 += 1 }
            return self.answer
        }
    }
}

/// A provider for files that must never ask.
let noPassword: PasswordProvider = { _ in nil }

/// Runs `body` and returns the LoadError it throws, or nil when it succeeds.
func loadError(_ body: () throws(LoadError) -> LoadedFile) -> LoadError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
