import PcapSource
import TLSDiagnosis

extension CapturedConnection {
    /// The observation and the `capture.*` findings TLSDiagnosis makes of the facts, as a
    /// capture report carries them.
    func diagnosed() -> (observation: HandshakeObservation, findings: [Finding]) {
        let (observation, facts) = observed()
        return (observation, CaptureDiagnosis.findings(facts, observation: observation))
    }

    /// The `capture.*` findings (built on each call).
    var findings: [Finding] { diagnosed().findings }
}
