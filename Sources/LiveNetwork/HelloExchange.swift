#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemCalls
import TLSModel
import TLSWire

/// One hand-built ClientHello sent on a connection of its own, and the server's first
/// answer read: no TLS library, no key exchange. The large-hello probe sends two.
package enum HelloExchange {
    /// Bytes of the server's first flight read at most: a ServerHello is far smaller.
    static let readLimit = 64 * 1024

    /// Connects to one of `addresses`, sends `record` (a ClientHello record) and reads until
    /// the first handshake message or alert, the end of the connection, or `timeout`.
    /// Throws only when no connection could be made.
    package static func send(
        _ record: [UInt8],
        to addresses: [ResolvedAddress],
        target: DialTarget,
        timeout: TimeInterval
    ) throws(ConnectFailure) -> HelloAnswer {
        let tcp = try TCPConnection.connect(to: addresses, target: target, timeout: timeout)
        let started = Deadline.after(0)
        let deadline = Deadline.after(timeout)
        func answer(_ reply: HelloAnswer.Reply) -> HelloAnswer {
            HelloAnswer(reply: reply, helloBytes: record.count, seconds: Deadline.seconds(since: started))
        }
        if let code = record.withUnsafeBytes({ tcp.send($0, until: deadline) }) {
            if code == ECONNRESET || code == EPIPE { return answer(.reset) }
            return answer(.sendFailed(String(cString: strerror(code))))
        }
        var parser = RecordParser(allowsSSLv2ClientHello: false)
        var handshake = HandshakeReassembler()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        while true {
            switch tcp.wait(for: Int16(POLLIN), until: deadline) {
            case .timedOut: return answer(.timedOut)
            case .failed(let code):
                return answer(code == ECONNRESET ? .reset : .sendFailed(String(cString: strerror(code))))
            case .ready: break
            }
            switch tcp.receive(into: &buffer) {
            case .wouldBlock: continue
            case .endOfStream: return answer(.closed)
            case .failed(let code):
                return answer(code == ECONNRESET ? .reset : .sendFailed(String(cString: strerror(code))))
            case .bytes(let n):
                total += n
                parser.append(buffer[0..<n])
            }
            do throws(WireError) {
                while let next = try parser.nextRecord() {
                    if next.contentType == .alert, next.fragment.count >= 2 {
                        return answer(.alert(AlertDescription(next.fragment[1])))
                    }
                    guard next.contentType == .handshake else { return answer(.notTLS) }
                    try handshake.append(record: next)
                    if let message = try handshake.nextMessage() {
                        guard message.type == .serverHello else { return answer(.notTLS) }
                        let hello = try ServerHello(message)
                        return answer(
                            hello.isHelloRetryRequest
                                ? .helloRetryRequest(group: hello.keyShareGroup)
                                : .serverHello(version: hello.selectedVersion)
                        )
                    }
                }
            } catch {
                return answer(.notTLS)
            }
            if total > readLimit { return answer(.notTLS) }
        }
    }
}

/// The large-hello probe: the ordinary ClientHello of Apple's clients (iOS 17+, one x25519
/// key share, about 300 bytes) and then the post-quantum one of iOS 26 and Chrome
/// (`ClientHelloParameters.apple26`: X25519MLKEM768 first with a 1,216-byte key share, then
/// x25519, padded to 1,700 bytes), each on a connection of its own, one after the other (old
/// devices serve one connection at a time), each read up to the server's first answer.
public enum LargeHelloProbing {
    /// Both answers; throws when the server cannot be reached at all.
    public static func probe(
        _ target: DialTarget,
        serverName: String?,
        timeout: TimeInterval
    ) throws(ConnectFailure) -> LargeHelloProbe {
        let addresses = try Resolver.resolve(target, timeout: timeout)
        var generator = SystemRandomNumberGenerator()
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        func send(_ parameters: ClientHelloParameters, paddedTo: Int?) throws(ConnectFailure) -> HelloAnswer {
            guard
                let record = ClientHelloBuilder.record(
                    parameters,
                    serverName: serverName,
                    paddedTo: paddedTo,
                    random: random
                )
            else {
                throw ConnectFailure(.local, "the ClientHello for \(parameters.client) could not be built")
            }
            return try HelloExchange.send(record, to: addresses, target: target, timeout: timeout)
        }
        let ordinary = try send(.apple, paddedTo: nil)
        let large = try send(.apple26, paddedTo: ClientHelloBuilder.largeHelloLength)
        return LargeHelloProbe(ordinary: ordinary, large: large, largeClient: ClientHelloParameters.apple26.client)
    }
}
