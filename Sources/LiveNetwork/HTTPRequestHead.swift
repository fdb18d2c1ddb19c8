import TLSModel
import TLSWire

/// The head of an HTTP/1.x request (RFC 9112 3: `method SP request-target SP HTTP-version`,
/// then header lines, then an empty line), read just far enough to answer it: the request
/// line, Host and User-Agent. Bounded: at most `maximumSize` bytes are ever looked at.
package struct HTTPRequestHead: Equatable {
    package static let maximumSize = 16 * 1024

    package var method: String
    package var requestLine: String
    package var host: String?
    package var userAgent: String?
    /// The Accept header names text/html: a browser, answered with the HTML page.
    package var wantsHTML = false

    /// What the bytes so far say.
    package enum Reading: Equatable {
        /// Not an HTTP/1.x request (another protocol, HTTP/2's preface).
        case notHTTP
        /// Could still be one: read more.
        case needMore
        /// A whole request head.
        case request(HTTPRequestHead)
    }

    package static func read(_ bytes: [UInt8]) -> Reading {
        // The method token: upper-case letters, then a space (RFC 9110 9.1 allows more, but
        // every client tlsprobe meets sends these).
        let methodBytes = bytes.prefix(while: { (0x41...0x5A).contains($0) })
        if methodBytes.count == bytes.count { return methodBytes.count <= 10 ? .needMore : .notHTTP }
        guard !methodBytes.isEmpty, methodBytes.count <= 10, bytes[methodBytes.count] == 0x20 else { return .notHTTP }
        guard let end = headEnd(bytes) else {
            if bytes.count >= maximumSize { return .notHTTP }
            // A request line without its HTTP/1.x version is not one we can answer.
            if let lineEnd = lineEnd(bytes, from: 0),
                !text(bytes[0..<lineEnd]).hasSuffix(" HTTP/1.1") && !text(bytes[0..<lineEnd]).hasSuffix(" HTTP/1.0")
            {
                return .notHTTP
            }
            return .needMore
        }
        let lines = text(bytes[0..<end]).split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        guard let requestLine = lines.first, requestLine.hasSuffix(" HTTP/1.1") || requestLine.hasSuffix(" HTTP/1.0"),
            requestLine.split(separator: " ").count == 3
        else { return .notHTTP }
        var head = HTTPRequestHead(
            method: String(decoding: methodBytes, as: UTF8.self),
            requestLine: clip(requestLine),
            host: nil,
            userAgent: nil
        )
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if name == "host" && head.host == nil { head.host = clip(value) }
            if name == "user-agent" && head.userAgent == nil { head.userAgent = clip(value) }
            if name == "accept" && value.lowercased().contains("text/html") { head.wantsHTML = true }
        }
        return .request(head)
    }

    /// The index just past "\r\n\r\n", when present.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4)
        where bytes[i] == 0x0D && bytes[i + 1] == 0x0A && bytes[i + 2] == 0x0D && bytes[i + 3] == 0x0A {
            return i
        }
        return nil
    }

    private static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 2 else { return nil }
        return (start..<(bytes.count - 1)).first { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }
    }

    /// Printable ASCII only: a client controls these bytes and they end up in reports.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(
            decoding: bytes.map { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0D || $0 == 0x0A ? $0 : UInt8(ascii: "?") },
            as: UTF8.self
        )
    }

    private static func clip(_ text: String) -> String { text.count > 200 ? String(text.prefix(200)) + "…" : text }

    /// The Content-Security-Policy header of the HTML page: the page's own policy, and no
    /// framing, which only a header can forbid (`ReportPagePolicy`).
    package static let htmlPolicy = ReportPagePolicy.header

    /// The whole response: `200 OK`, text/plain (never sniffed as anything else) or, for a
    /// browser, text/html under `htmlPolicy`, the body (none for HEAD), then the connection
    /// closes.
    package static func response(body: String, method: String, html: Bool = false) -> [UInt8] {
        let bytes = Array(body.utf8)
        let type =
            html
            ? "text/html; charset=utf-8\r\nContent-Security-Policy: \(htmlPolicy)\r\nReferrer-Policy: no-referrer"
            : "text/plain; charset=utf-8"
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nX-Content-Type-Options: nosniff\r\nContent-Length: \(bytes.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\nServer: tlsprobe\r\n\r\n"
        return Array(head.utf8) + (method == "HEAD" ? [] : bytes)
    }
}
