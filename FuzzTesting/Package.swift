// swift-tools-version:6.1
import PackageDescription

// libFuzzer harnesses (docs/NOTES.md, "Swift, sanitizers and fuzzing"). The project's modules are
// compiled here through symlinks into ../Sources rather than through a path dependency on
// the root package (whose identity would be the clone's folder name); the packages they
// use are named by URL at the root package's versions. PcapSource is built without the
// files that import CPcap: the harness hands frames to the analyzer itself.
//
//     FuzzTesting/run.sh all 20             # build once, run every target 20 s
//     FuzzTesting/run.sh FuzzCapture 600    # one target, ten minutes
//
// By hand: swift build --sanitize=fuzzer --sanitize=address, then
// SWIFT_BACKTRACE=enable=no .build/debug/FuzzTLSWire -max_total_time=60 CORPUS_COPY/
// (`-Xswiftc -sanitize=fuzzer` builds a binary that exits 0 without fuzzing).
let package = Package(
    name: "TLSProbeFuzz",
    dependencies: [
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "openssl"),
        .target(
            name: "CPcap",
            path: "Sources/CPcap",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .systemLibrary(name: "CSystemCalls", path: "Sources/CSystemCalls"),
        .target(name: "SystemCalls", dependencies: ["CSystemCalls"], path: "Sources/SystemCalls"),
        .target(name: "TLSWire", path: "Sources/TLSWire"),
        .target(
            name: "TLSModel",
            dependencies: [
                "TLSWire", "SystemCalls",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/TLSModel"
        ),
        .target(
            name: "TLSDiagnosis",
            dependencies: [
                "TLSWire", "TLSModel", "SystemCalls",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/TLSDiagnosis"
        ),
        .target(
            name: "TLSProbeOutput",
            dependencies: ["SystemCalls", "TLSWire", "TLSDiagnosis"],
            path: "Sources/TLSProbeOutput"
        ),
        .target(
            name: "LiveNetwork",
            dependencies: ["SystemCalls", "TLSWire", "TLSModel"],
            path: "Sources/LiveNetwork"
        ),
        .target(name: "SafeFiles", dependencies: ["SystemCalls", "TLSModel"], path: "Sources/SafeFiles"),
        .target(
            name: "OpenSSLProbe",
            dependencies: ["COpenSSL", "SystemCalls", "TLSWire", "TLSModel", "LiveNetwork", "SafeFiles"],
            path: "Sources/OpenSSLProbe"
        ),
        .target(
            name: "PcapSource",
            dependencies: [
                "CPcap", "SystemCalls", "TLSWire", "TLSModel", .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/PcapSource"
        ),

        // TLS records and handshake messages, both directions (TLSConnectionDecoder).
        .executableTarget(name: "FuzzTLSWire", dependencies: ["TLSWire"]),
        // Link-layer frames through TCP reassembly to reports (CaptureAnalyzer).
        .executableTarget(name: "FuzzCapture", dependencies: ["PcapSource", "TLSDiagnosis", "TLSProbeOutput"]),
        // PEM, DER, PKCS#12 and key files (CredentialFile), then inspect's report.
        .executableTarget(name: "FuzzCredentials", dependencies: ["OpenSSLProbe", "TLSDiagnosis", "TLSProbeOutput"]),
        // Arbitrary certificate sets through the trust engine, OpenSSL's verdict beside.
        .executableTarget(name: "FuzzTrust", dependencies: ["OpenSSLProbe", "TLSDiagnosis", "TLSProbeOutput"]),
        .executableTarget(name: "FuzzKeyLog", dependencies: ["PcapSource"]),
        .executableTarget(name: "FuzzKnownHosts", dependencies: ["TLSModel"]),
        // mDNS answers: DNS messages, then a browse's collector (ServiceCollector).
        .executableTarget(name: "FuzzDNS", dependencies: ["TLSWire", "LiveNetwork"]),
    ]
)
