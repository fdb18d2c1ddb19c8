// swift-tools-version:6.1
import PackageDescription

// libFuzzer harness for TLSWire (FIELD-NOTES.md, "Sanitizers and fuzzing"). TLSWire has no
// dependencies, so its sources are compiled here through a symlink rather than through a
// path dependency on the root package (whose identity would be the clone's folder name).
//
//     cd FuzzTesting
//     swift build -c debug --product FuzzTLSWire --sanitize=fuzzer --sanitize=address
//     SWIFT_BACKTRACE=enable=no .build/debug/FuzzTLSWire -max_total_time=60 Corpus/
let package = Package(
    name: "TLSWireFuzz",
    targets: [
        .target(name: "TLSWire", path: "Sources/TLSWire"),
        .executableTarget(name: "FuzzTLSWire", dependencies: ["TLSWire"]),
    ]
)
