import Foundation
import Testing
import TestSupport
import TLSDiagnosis
@testable import TLSProbeKit

/// One stop mechanism for every session: a `StopToken` that signals or a caller stop.
@Suite struct StopTokenTests {
    @Test func eachRequestIsCountedAndToldToObservers() {
        let token = StopToken()
        let seen = Box<[Int]>([])
        token.onStop { request in seen.update { $0.append(request.count) } }
        let signals = Box<[Int32?]>([])
        token.onStop { request in signals.update { $0.append(request.signal) } }
        #expect(!token.isStopped)
        token.stop()
        #expect(token.isStopped)
        token.stop(signal: SIGTERM)
        #expect(seen.value == [1, 2])
        #expect(signals.value == [nil, SIGTERM])
    }

    /// A Ctrl-C while a session is still setting up is not lost: an observer registered
    /// afterwards is told at once.
    @Test func aRequestBeforeTheObserverIsToldWhenItRegisters() {
        let token = StopToken()
        token.stop(signal: SIGINT)
        let seen = Box<[Int]>([])
        let signals = Box<[Int32?]>([])
        token.onStop { request in
            seen.update { $0.append(request.count) }
            signals.update { $0.append(request.signal) }
        }
        #expect(seen.value == [1])
        token.stop()
        #expect(seen.value == [1, 2])
        #expect(signals.value == [SIGINT, nil], "the early request is told with its signal")
    }

    /// scan makes a token per handshake: one that nobody waits on holds no descriptor (its
    /// wake-up pipe would be two outside scan's budget of open files); one first waited on
    /// after a stop wakes at once.
    @Test func aTokenHoldsNoDescriptorUntilItsWakeUpIsUsed() throws {
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }
        let before = try openDescriptors()
        let tokens = (0..<50).map { _ in StopToken() }
        let after = try openDescriptors()
        #expect(after <= before + 2, "50 tokens, \(after - before) descriptors")
        tokens[0].stop()
        let late = tokens[0].wakeUp
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        defer {
            close(pipe[0])
            close(pipe[1])
        }
        #expect(late.waitReadable(pipe[0], milliseconds: 5_000) == .woken)
    }

    @Test func theCauseNamesTheSignal() {
        #expect(StopToken.StopRequest(count: 1, signal: SIGINT).cause == "Ctrl-C")
        #expect(StopToken.StopRequest(count: 1, signal: SIGTERM).cause == "SIGTERM")
        #expect(StopToken.StopRequest(count: 1, signal: nil).cause == "a stop request")
        #expect(StopToken.StopRequest(count: 1, signal: nil).asSignal == SIGTERM)
    }
}
