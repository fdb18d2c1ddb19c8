import Foundation
import TLSModel

/// A known-hosts file's text, read as `connect --known-hosts` reads it: the entries, a
/// check and a record of a new server, and the text written back, which must read back to
/// the same entries (a rewrite changes only what it adds).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var hosts = KnownHosts(text: text)
    let entries = hosts.entries
    if let first = entries.first { _ = hosts.check(key: first.key, pin: first.pin) }
    _ = hosts.check(key: KnownHosts.key(host: "::1", port: 4433), pin: "sha256/AAAA")
    let before = KnownHosts(text: hosts.text).entries
    guard before == entries else { fatalError("the text written back reads differently") }
    hosts.record(
        key: "printer.local:4433",
        pin: "sha256/" + String(repeating: "A", count: 43) + "=",
        at: Date(timeIntervalSince1970: 1_800_000_000)
    )
    guard KnownHosts(text: hosts.text).entries.count == entries.count + 1 else {
        fatalError("a recorded line does not read back")
    }
    return 0
}
