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

    @Test func theCauseNamesTheSignal() {
        #expect(StopToken.StopRequest(count: 1, signal: SIGINT).cause == "Ctrl-C")
        #expect(StopToken.StopRequest(count: 1, signal: SIGTERM).cause == "SIGTERM")
        #expect(StopToken.StopRequest(count: 1, signal: nil).cause == "a stop request")
        #expect(StopToken.StopRequest(count: 1, signal: nil).asSignal == SIGTERM)
    }
}
