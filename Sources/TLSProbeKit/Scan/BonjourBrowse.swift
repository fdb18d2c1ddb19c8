import LiveNetwork
import SystemCalls
import TLSDiagnosis

/// `scan --bonjour`: the DNS-SD instances of the TLS service types (and `--service`'s),
/// browsed before the sweep and turned into scan targets that carry their instance.
public enum BonjourBrowse {
    /// The instances found within `browseTime`, each resolved (SRV, TXT, addresses) within
    /// `timeout` more; their hosts' addresses are remembered, so dialling them later asks
    /// no one again.
    public static func instances(
        types: [String],
        browseTime: TimeInterval,
        timeout: TimeInterval
    ) throws -> [BonjourService] {
        do throws(ConnectFailure) {
            return try MulticastDNS.browse(types: types, browseTime: browseTime, resolveTime: timeout)
        } catch {
            throw CouldNotExamine(.bonjourNothingFound, description: "--bonjour: \(error.description)")
        }
    }

    /// Each instance as a scan target (`host:port`), and the instance by its endpoint, for
    /// `ScanSession.Configuration.bonjour`. Two instances at one endpoint are one target,
    /// reported as the first.
    public static func targets(
        _ services: [BonjourService]
    ) -> (targets: [ScanTarget], byEndpoint: [String: BonjourService]) {
        var targets: [ScanTarget] = []
        var byEndpoint: [String: BonjourService] = [:]
        for service in services {
            let key = endpointKey(host: service.host, port: service.port)
            guard byEndpoint[key] == nil, let target = try? ScanInput.target(key) else { continue }
            byEndpoint[key] = service
            targets.append(target)
        }
        return (targets, byEndpoint)
    }

    /// The key of `ScanSession.Configuration.bonjour`.
    public static func endpointKey(host: String, port: Int) -> String { "\(host.lowercased()):\(port)" }

    /// The error when browsing found nothing and there is nothing else to scan.
    public static func nothingFound(types: [String], browseTime: TimeInterval) -> CouldNotExamine {
        CouldNotExamine(
            .bonjourNothingFound,
            description:
                "--bonjour: no instance of \(types.joined(separator: ", ")) answered within --browse-time \(Seconds.text(browseTime)) with a host and an address (is multicast routed on this network? a longer --browse-time?)"
        )
    }
}
