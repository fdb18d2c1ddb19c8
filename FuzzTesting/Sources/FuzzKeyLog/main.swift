import PcapSource

/// A key log as a buffer, parsed as a pcapng Decryption Secrets Block's text is (the line
/// parser `--keylog` files go through too): every line is read, ignored or counted as
/// malformed, never a trap, and the summary's counts add up. Then a lookup by the client
/// random of the input's first 32 bytes, and one by a random no line can hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let keyLog = KeyLog()
    keyLog.addEmbedded(bytes)
    if let summary = keyLog.embeddedSummary {
        // Every non-blank line is one entry (a secret kept or dropped), ignored or malformed.
        guard summary.secrets + summary.droppedSecrets + summary.ignoredLines + summary.malformedLines == summary.lines
        else {
            fatalError("counts do not add up: \(summary)")
        }
    }
    if bytes.count >= 32 { _ = keyLog.secrets(for: Array(bytes.prefix(32))) }
    _ = keyLog.secrets(for: [UInt8](repeating: 0xA5, count: 31))
    return 0
}
