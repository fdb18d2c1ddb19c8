import Foundation
import TLSDiagnosis

extension Vantage {
    /// connect's vantage, dialling printer.local:443 (tests that read alerts as a client does).
    public static let testClient = Vantage.client(
        ClientVantage(target: ConnectTarget(host: "printer.local", port: 443, address: nil, sni: "printer.local"))
    )

    /// capture's vantage, over a flow of no particular time.
    public static let testObserver = Vantage.observer(
        ObserverVantage(
            flow: Flow(
                client: "192.0.2.10:50000",
                server: "192.0.2.1:443",
                firstPacket: Date(timeIntervalSince1970: 0),
                lastPacket: Date(timeIntervalSince1970: 0)
            )
        )
    )
}
