// swift-tools-version:6.1
import PackageDescription

// Module directions (docs/ARCHITECTURE.md): only OpenSSLProbe imports COpenSSL, only
// PcapSource imports CPcap, only SystemCalls imports CSystemCalls (and spells a platform's
// system calls), TLSWire depends on nothing, renderers (TLSProbeOutput) see
// reports only, checks (TLSDiagnosis) never print, sessions (TLSProbeKit) wire sources,
// checks and sinks together, and the executable only parses arguments.
let package = Package(
    name: "tlsprobe",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tlsprobe", targets: ["tlsprobe"]),
        .executable(name: "tlsprobe-limbo", targets: ["LimboHarness"]),
        .executable(name: "tlsprobe-docs", targets: ["DocsGenerator"]),
        .library(name: "TLSWire", targets: ["TLSWire"]),
        .library(name: "TLSDiagnosis", targets: ["TLSDiagnosis"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // libpcap, loaded with dlopen the first time capture (or --version) needs it, never
        // linked: the other commands start without it, and it is needed at run time only
        // (no headers at build time: include/shim.h declares its stable ABI).
        // dlopen is in libc from glibc 2.34; older glibcs need libdl.
        .target(name: "CPcap", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The C side of SystemCalls (the cookie FILE: fopencookie, funopen on Darwin); header only.
        .systemLibrary(name: "CSystemCalls"),
        // The system calls whose spelling differs between glibc, Darwin and musl: sockets,
        // file descriptors, the cookie FILE. The only module that names a C library for them.
        .target(name: "SystemCalls", dependencies: ["CSystemCalls"]),
        .target(name: "TLSWire"),
        // What is observed (certificates, handshakes, capture facts), shared by the sources
        // that observe and the diagnosis that judges.
        .target(
            name: "TLSModel",
            dependencies: [
                "TLSWire", "SystemCalls",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "TLSDiagnosis",
            dependencies: [
                "TLSWire", "TLSModel", "SystemCalls",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // Sockets, the resolver, deadlines, STARTTLS preludes and the HTTP head: the network
        // as connect, scan and listen use it, without TLS.
        .target(name: "LiveNetwork", dependencies: ["SystemCalls", "TLSWire", "TLSModel"]),
        // The files tlsprobe writes and reads by its own rules: never through a link, only
        // a regular file its user owns, a temporary file renamed into place, bounded reads.
        .target(name: "SafeFiles", dependencies: ["SystemCalls", "TLSModel"]),
        // The only importer of OpenSSL: live handshakes, credentials, OpenSSL's verdict.
        .target(
            name: "OpenSSLProbe",
            dependencies: ["COpenSSL", "SystemCalls", "TLSWire", "TLSModel", "LiveNetwork", "SafeFiles"]
        ),
        // PcapSource also decrypts captured TLS with key logs: swift-crypto's HKDF, HMAC,
        // AES-GCM and ChaChaPoly (BoringSSL inside, prefixed: it coexists with libssl).
        .target(
            name: "PcapSource",
            dependencies: [
                "CPcap", "SystemCalls", "TLSWire", "TLSModel", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "TLSProbeOutput", dependencies: ["SystemCalls", "TLSWire", "TLSModel", "TLSDiagnosis"]),
        // The sessions behind the commands (connect, scan, listen, capture, verify, inspect),
        // the report sinks, the stop token and the console: everything a command does but
        // parse. TLSProbeKit also makes certificates (identity: swift-certificates builds and
        // signs them).
        .target(
            name: "TLSProbeKit",
            dependencies: [
                "SystemCalls", "TLSWire", "TLSModel", "TLSDiagnosis", "LiveNetwork", "SafeFiles", "OpenSSLProbe",
                "PcapSource",
                "TLSProbeOutput",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "tlsprobe",
            dependencies: [
                "SystemCalls", "TLSWire", "TLSModel", "TLSDiagnosis", "LiveNetwork", "SafeFiles", "OpenSSLProbe",
                "TLSProbeKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Writes the documentation's lists of codes from the code (make generate).
        .executableTarget(name: "DocsGenerator", dependencies: ["SystemCalls", "TLSDiagnosis", "TLSProbeKit"]),
        .executableTarget(
            name: "LimboHarness",
            dependencies: ["TLSDiagnosis", "OpenSSLProbe"]
        ),
        // Helpers shared by the test targets: test PKIs built in code at a fixed
        // reference time, loopback ports reserved for test peers, running the built binary.
        .target(
            name: "TestSupport",
            dependencies: [
                "TLSDiagnosis",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "TLSWireTests", dependencies: ["TLSWire", "SystemCalls", "TestSupport"]),
        .testTarget(name: "TLSDiagnosisTests", dependencies: ["TLSDiagnosis", "TestSupport"]),
        .testTarget(
            name: "OpenSSLProbeTests",
            dependencies: ["OpenSSLProbe", "LiveNetwork", "SafeFiles", "TLSModel", "TLSDiagnosis", "TestSupport"]
        ),
        // Golden/ holds the golden files, read by path (GoldenOutputTests), not resources.
        .testTarget(
            name: "TLSProbeOutputTests",
            dependencies: ["TLSProbeOutput", "TLSDiagnosis", "TestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "PcapSourceTests", dependencies: ["PcapSource", "TLSDiagnosis", "TLSWire", "TestSupport"]),
        .testTarget(
            name: "TLSProbeKitTests",
            dependencies: [
                "TLSProbeKit", "TLSDiagnosis", "TLSProbeOutput", "OpenSSLProbe", "LiveNetwork", "SafeFiles",
                "PcapSource", "TestSupport",
            ]
        ),
        // EndToEndTests reads the limits from the modules that enforce them (DocumentationTests).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "tlsprobe", "DocsGenerator", "TestSupport", "TLSWire", "TLSDiagnosis", "LiveNetwork", "SafeFiles",
                "OpenSSLProbe",
                "PcapSource", "TLSProbeKit",
            ]
        ),
    ]
)
