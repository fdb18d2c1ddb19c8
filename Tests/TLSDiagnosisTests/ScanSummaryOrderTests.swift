import Foundation
import Testing
@testable import TLSDiagnosis

/// The summary's endpoint lists (`fleet.shared_key`, `vendor_defaults`) are in scan
/// order, whatever order the endpoints finish in: by address (numerically, IPv4 before
/// IPv6), then port.
@Suite struct ScanSummaryOrderTests {
    static func row(_ address: String, _ port: Int, spki: String) -> ScanRow {
        var row = ScanRow(host: address, port: port, errorCode: "x", message: "x")
        row.address = address
        row.verdict = .notEvaluated
        row.leafSPKI = spki
        row.vendorDefault = true
        return row
    }

    static let inScanOrder = [
        ("10.0.0.2", 443), ("10.0.0.9", 443), ("10.0.0.9", 8443), ("10.0.0.10", 443), ("192.168.1.1", 443),
        ("::1", 443), ("fe80::2", 443),
    ]

    static func summary(addedIn order: [(String, Int)]) -> ScanSummary {
        var summary = ScanSummary()
        for (address, port) in order {
            summary.add(row(address, port, spki: "aa"), now: Date(timeIntervalSince1970: 0))
        }
        return summary
    }

    static let expected = inScanOrder.map { HostPort.display(host: $0.0, port: $0.1) }

    @Test func listsAreInScanOrderWhateverOrderEndpointsFinishIn() {
        var generator = SystemRandomNumberGenerator()
        let orders =
            [Self.inScanOrder, Self.inScanOrder.reversed()]
            + (0..<5).map { _ in
                Self.inScanOrder.shuffled(using: &generator)
            }
        for order in orders {
            let summary = Self.summary(addedIn: order)
            #expect(summary.vendorDefaults == Self.expected, "added \(order)")
            #expect(summary.vendorDefaultCount == Self.expected.count)
            #expect(summary.sharedKeys.map(\.endpoints) == [Self.expected], "added \(order)")
        }
    }

    @Test func theListedHundredAreTheFirstInScanOrder() {
        var summary = ScanSummary()
        let addresses = (1...150).map { "10.0.\($0 / 256).\($0 % 256)" }
        for address in addresses.reversed() { summary.add(Self.row(address, 443, spki: "bb"), now: Date()) }
        let first = addresses.prefix(ScanSummary.endpointsPerKeyListed).map { "\($0):443" }
        #expect(summary.vendorDefaultCount == 150)
        #expect(summary.vendorDefaults == Array(first))
        #expect(summary.sharedKeys.first?.endpoints == Array(first))
    }
}
