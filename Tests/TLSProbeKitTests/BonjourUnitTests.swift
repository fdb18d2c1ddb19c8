import Foundation
@testable import LiveNetwork
import Testing
@testable import TLSDiagnosis
import TLSProbeOutput
import TLSWire

/// What a browse makes of the answers it hears, and how an instance's own text is shown:
/// every answer comes from some device on the LAN.
@Suite struct BonjourUnitTests {
    static let https = DNSName("_https._tcp.local")!

    static func record(_ name: String, _ type: UInt16, ttl: UInt32 = 120, _ data: DNSRecord.Data) -> DNSRecord {
        DNSRecord(name: DNSName(name)!, type: type, recordClass: 1, ttl: ttl, data: data)
    }

    static func ptr(_ instance: String, ttl: UInt32 = 4500) -> DNSRecord {
        DNSRecord(
            name: https,
            type: DNSRecordType.ptr,
            recordClass: 1,
            ttl: ttl,
            data: .pointer(https.prepending(Array(instance.utf8)))
        )
    }

    static func srv(_ instance: String, _ host: String, _ port: UInt16) -> DNSRecord {
        DNSRecord(
            name: https.prepending(Array(instance.utf8)),
            type: DNSRecordType.srv,
            recordClass: 1,
            ttl: 120,
            data: .service(priority: 0, weight: 0, port: port, target: DNSName(host)!)
        )
    }

    @Test func anInstanceIsResolvedOnceItsSRVHostHasAnAddress() {
        var collector = ServiceCollector(types: [Self.https])
        collector.add([Self.ptr("Office NAS")])
        #expect(collector.missing().map(\.1) == [DNSRecordType.srv, DNSRecordType.txt])
        collector.add([Self.srv("Office NAS", "NAS.local", 5001)])
        #expect(collector.missing().map(\.1) == [DNSRecordType.a, DNSRecordType.aaaa])
        #expect(collector.resolved().isEmpty, "no address yet")
        collector.add([Self.record("nas.local", DNSRecordType.a, .address([10, 0, 0, 5]))])
        #expect(collector.isComplete)
        let found = collector.resolved()
        #expect(found.count == 1)
        #expect(found.first?.instance == "Office NAS" && found.first?.type == "_https._tcp")
        #expect(found.first?.host == "nas.local" && found.first?.port == 5001)
        #expect(found.first?.addresses == [[10, 0, 0, 5]])
    }

    @Test func aGoodbyeRemovesAnInstanceAndOtherTypesAreIgnored() {
        var collector = ServiceCollector(types: [Self.https])
        collector.add([Self.ptr("Gone"), Self.ptr("Gone", ttl: 0)])
        #expect(collector.missing().isEmpty)
        let other = DNSName("_ssh._tcp.local")!
        collector.add([
            DNSRecord(
                name: other,
                type: DNSRecordType.ptr,
                recordClass: 1,
                ttl: 120,
                data: .pointer(other.prepending(Array("box".utf8)))
            )
        ])
        #expect(collector.missing().isEmpty, "a type not browsed is not an instance")
    }

    @Test func anSRVHostThatIsNotAHostNameIsNeverDialled() {
        var collector = ServiceCollector(types: [Self.https])
        let bad = DNSName(labels: [Array("evil host\u{1B}[31m".utf8), Array("local".utf8)])
        collector.add([
            Self.ptr("Trap"),
            DNSRecord(
                name: Self.https.prepending(Array("Trap".utf8)),
                type: DNSRecordType.srv,
                recordClass: 1,
                ttl: 120,
                data: .service(priority: 0, weight: 0, port: 443, target: bad)
            ),
            DNSRecord(name: bad, type: DNSRecordType.a, recordClass: 1, ttl: 120, data: .address([10, 0, 0, 6])),
        ])
        #expect(collector.resolved().isEmpty)
    }

    @Test func aFloodOfInstancesIsBounded() {
        var collector = ServiceCollector(types: [Self.https])
        collector.add((0..<(ServiceCollector.limit + 500)).map { Self.ptr("device \($0)") })
        #expect(collector.missing().count == ServiceCollector.limit * 2)
    }

    @Test func anInstanceNameIsEscapedInTheTable() {
        var row = ScanRow(host: "camera.local", port: 443, errorCode: "connect.no_tls_answer", message: "no answer")
        row.bonjourInstance = "Cam\u{1B}[31mera\nFAKE ROW"
        row.bonjourType = "_https._tcp"
        let table = TextRenderer(style: TextStyle(color: false, width: 200)).scanTable([row])
        #expect(!table.contains("\u{1B}"), "\(table)")
        #expect(table.split(separator: "\n").count == 2, "a header and one row: \(table)")
        #expect(table.contains("SERVICE"))
    }

    @Test func aRenamedHostIsRecognisedOnlyAgainstTheCertificatesOwnName() {
        #expect(ConnectionReport.nameBeforeRenaming("camera-2.local", among: ["camera.local"]) == "camera.local")
        #expect(ConnectionReport.nameBeforeRenaming("Camera-12.local", among: ["CAMERA.local"]) == "CAMERA.local")
        #expect(ConnectionReport.nameBeforeRenaming("camera-2.local", among: ["nas.local"]) == nil)
        #expect(ConnectionReport.nameBeforeRenaming("my-camera.local", among: ["my.local"]) == nil)
        #expect(ConnectionReport.nameBeforeRenaming("-2.local", among: [".local"]) == nil)
    }
}
