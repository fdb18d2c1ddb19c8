import Foundation
import SystemCalls
import Testing
import TLSWire

/// The text and formatting helpers that replace Foundation's methods outside
/// FoundationEssentials, held to Foundation's own answers on the inputs tlsprobe gives
/// them and on hostile ones (combining marks, CR LF, surrogate pairs, emoji).
@Suite struct FoundationReplacementTests {
    static let pieces = [
        "a", "b", "_", " ", ":", "\n", "\r\n", "\r", "&", "'", "<", ">", "é", "e\u{301}", "\u{301}", "🇫🇷", "👍🏽", "CN=",
        ". ",
        "://", "sha256/", " PARAMETERS", "\u{0}", "Z", "0", "x\u{20DD}", "\u{FEFF}", "ﬁ", "ß",
    ]

    static func samples(_ count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in (0..<(next() % 9)).map { _ in pieces[next() % pieces.count] }.joined() }
    }

    static let targets = [
        "_", " ", ":", "\n", "&", "'", "<", ">", " PARAMETERS", "sha256/", "CN=", ". ", "://", "e", "\r", "é",
    ]

    @Test func scalarRangeFindsWhatFoundationFinds() {
        var differing: [String] = []
        for text in Self.samples(4000, seed: 1) {
            for target in Self.targets {
                let ours = text.scalarRange(of: target).map {
                    text.utf8.distance(from: text.startIndex, to: $0.lowerBound)
                }
                let foundation = text.range(of: target, options: .literal).map {
                    text.utf8.distance(from: text.startIndex, to: $0.lowerBound)
                }
                if ours != foundation {
                    differing.append("\(Array(text.unicodeScalars)) / \(Array(target.unicodeScalars))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect("abc".scalarRange(of: "") == nil)
        #expect("".scalarRange(of: "a") == nil)
        #expect("aab".scalarRange(of: "ab").map { "aab"[$0] } == "ab")
    }

    @Test func replacingEveryReplacesAsFoundationDoes() {
        var differing: [String] = []
        for text in Self.samples(4000, seed: 2) {
            for target in Self.targets {
                let ours = text.replacingEvery(target, with: "[\(target.count)]")
                let foundation = text.replacingOccurrences(of: target, with: "[\(target.count)]", options: .literal)
                if ours != foundation {
                    differing.append("\(Array(text.unicodeScalars)) / \(Array(target.unicodeScalars))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect("aaa".replacingEvery("aa", with: "b") == "ba")
        #expect("x'y".replacingEvery("'", with: "'\\''") == "x'\\''y")
    }

    /// Foundation's default search (not `.literal`) differs from a scalar match only where
    /// a combining mark follows the match; every target tlsprobe replaces is ASCII
    /// punctuation or an ASCII word in text it built or received.
    @Test func theDefaultSearchAgreesOnTextWithoutCombiningMarks() {
        for text in Self.samples(3000, seed: 3)
        where !text.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .enclosingMark
        }) {
            for target in Self.targets where target != "é" && target != "e" {
                #expect(
                    text.replacingEvery(target, with: "#") == text.replacingOccurrences(of: target, with: "#"),
                    "\(Array(text.unicodeScalars)) / \(target)"
                )
            }
        }
    }

    @Test func paddingCountsUTF16UnitsAsNSStringDoes() {
        for text in Self.samples(2000, seed: 4) {
            for length in [0, 1, 2, 3, 5, 8, 12, 20] {
                #expect(
                    text.paddedUTF16(toLength: length) == text.padding(toLength: length, withPad: " ", startingAt: 0),
                    "\(Array(text.unicodeScalars)) to \(length)"
                )
            }
        }
    }

    @Test func formatFillsNumbersAsStringFormatDoes() {
        let doubles: [Double] = [
            0, 0.5, 1, 2.5, 10, 0.1, 0.0001, 0.00001, 123_456, 1_234_567, 1e21, 99.95, 0.05, 3.14159, -2, 1.0 / 3,
        ]
        for value in doubles {
            for format in ["%g", "%.1f", "%.0f", "%.1f s", "%.0f%% (%.0f MB) · "] {
                let count = format.components(separatedBy: "%").count - 1 - (format.contains("%%") ? 2 : 0)
                let arguments: [CVarArg] = Array(repeating: value, count: max(1, count))
                #expect(
                    SystemCall.format(format, arguments: arguments) == String(format: format, arguments: arguments),
                    "\(format) \(value)"
                )
            }
        }
        for byte in [UInt8(0), 9, 10, 0x7F, 0xAB, 0xFF] {
            #expect(SystemCall.format("\\x%02x", byte) == String(format: "\\x%02x", byte))
            #expect(SystemCall.format("%02X", byte) == String(format: "%02X", byte))
        }
        let long = String(repeating: "x", count: 300)
        #expect(SystemCall.format(long + "%g", 1.5) == long + "1.5")
    }

    /// `SystemCall.environment` (text output's NO_COLOR, TERM and COLUMNS) reads what
    /// ProcessInfo's environment holds, for every variable this process has and for one it
    /// has not. (Read only: setenv while other tests run would race with their reads. A
    /// variable given twice is where they part: getenv takes the first, as the C library's
    /// programs do, ProcessInfo's dictionary the last.)
    @Test func environmentReadsWhatProcessInfoReads() {
        let environment = ProcessInfo.processInfo.environment
        #expect(environment.count > 3, "\(environment.count) variables")
        for (name, value) in environment {
            #expect(SystemCall.environment(name) == value, "\(name)")
        }
        let unset = "TLSPROBE_NOT_SET_" + String(UInt64.random(in: 0...UInt64.max))
        #expect(environment[unset] == nil && SystemCall.environment(unset) == nil)
    }

    /// Fork-join work (connect's probes, scan's workers, listen's connections) runs on a
    /// thread of its own, or in place when none can be made: a join never waits forever.
    @Test func workBesideRunsOnAThreadOrInPlace() {
        let here = pthread_self()
        let ranOn = Lock()
        nonisolated(unsafe) var threads: [pthread_t] = []
        let finished = DispatchGroup()
        finished.enter()
        SystemCall.runBeside {
            ranOn.withLock { threads.append(pthread_self()) }
            finished.leave()
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        finished.enter()
        SystemCall.runBeside(
            spawn: { _ in false },
            {
                ranOn.withLock { threads.append(pthread_self()) }
                finished.leave()
            }
        )
        // In place: done before runBeside returned.
        #expect(finished.wait(timeout: .now()) == .success)
        let seen = ranOn.withLock { threads }
        #expect(seen.count == 2)
        #expect(seen.count == 2 && pthread_equal(seen[0], here) == 0, "a thread of its own")
        #expect(seen.count == 2 && pthread_equal(seen[1], here) != 0, "in place")
    }
}
