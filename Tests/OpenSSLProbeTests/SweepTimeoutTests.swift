import Foundation
import Testing
@testable import LiveNetwork

/// The sweep's per-probe timeout: what it has measured shortens the wait only for hosts that
/// have answered; a host not heard from keeps at least the initial second.
@Suite struct SweepTimeoutTests {
    @Test func aHostNotHeardFromKeepsTheInitialSecondWhateverWasMeasured() {
        let settings = Sweep.Settings()
        // A router answered in half a millisecond: 10 × 0.5 ms is under the floor.
        let fast = 0.5e6
        #expect(Sweep.probeTimeout(settings, smoothedRTT: fast, hostAnswered: true) == settings.floor)
        #expect(Sweep.probeTimeout(settings, smoothedRTT: fast, hostAnswered: false) == settings.initial)
        #expect(Sweep.probeTimeout(settings, smoothedRTT: nil, hostAnswered: false) == settings.initial)
        // Slow answers lengthen the wait for everyone, up to --timeout.
        let slow = 300e6
        #expect(Sweep.probeTimeout(settings, smoothedRTT: slow, hostAnswered: false) == 3)
        #expect(Sweep.probeTimeout(settings, smoothedRTT: 2e9, hostAnswered: true) == settings.ceiling)
    }
}
