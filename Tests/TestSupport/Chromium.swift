import Foundation

/// Headless Chromium (Debian's `chromium`) opening a page tlsprobe wrote, for the tests of
/// `--html`: the DOM as Chromium parsed it, and every console message (a script error, a
/// load the page's Content-Security-Policy refused). Chromium is kept off the network:
/// every host name resolves to nothing and every request goes to a closed loopback port,
/// with its background services (updates, sync, safe browsing) turned off.
public enum Chromium {
    /// The browser, or nil when none is installed (the browser tests are then skipped).
    public static let path: String? = ["chromium", "chromium-browser"].lazy.compactMap { try? Run.which($0) }.first

    /// What Chromium made of a page.
    public struct Page: Sendable {
        /// `--dump-dom`: the document as parsed (and as any script would have left it).
        public let dom: String
        /// Console messages (`INFO:CONSOLE` lines on stderr): none for a clean page.
        public let console: [String]
        /// The `<title>` as parsed.
        public var title: String? {
            guard let start = dom.range(of: "<title>"),
                let end = dom.range(of: "</title>", range: start.upperBound..<dom.endIndex)
            else { return nil }
            return String(dom[start.upperBound..<end.lowerBound])
        }
        /// Elements that carry an event-handler attribute (`<img onerror=…>`): tags whose
        /// attributes include one named on….
        public var handlerAttributes: [String] {
            let pattern = try! NSRegularExpression(pattern: "<[A-Za-z][^<>]*?\\son[a-zA-Z]+\\s*=", options: [])
            let range = NSRange(dom.startIndex..., in: dom)
            return pattern.matches(in: dom, range: range).compactMap {
                Range($0.range, in: dom).map { String(dom[$0]) }
            }
        }
    }

    static let quiet = [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
        "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
        "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
        "--enable-logging=stderr", "--v=0",
    ]

    /// Opens `file` and returns its DOM and console.
    public static func open(_ file: String) throws -> Page {
        let profile = TemporaryDirectory()
        let result = try Run.process(
            try browser(),
            quiet + ["--user-data-dir=\(profile.path)", "--dump-dom", URL(fileURLWithPath: file).absoluteString],
            timeout: 90 * Slowness.factor.clamped
        )
        guard result.status == 0, result.stdout.contains("<html") else {
            throw Failure(
                description: "chromium --dump-dom \(file): status \(result.status): \(result.stderr.suffix(2000))"
            )
        }
        let console = result.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Page(dom: result.stdout, console: console)
    }

    /// A PNG of `file` in a `width`×`height` window at three quarters scale (a small file that
    /// still shows the chain), written to `png`.
    public static func screenshot(_ file: String, to png: String, width: Int = 900, height: Int = 1750) throws {
        let profile = TemporaryDirectory()
        let result = try Run.process(
            try browser(),
            quiet + [
                "--user-data-dir=\(profile.path)", "--hide-scrollbars", "--force-device-scale-factor=0.75",
                "--window-size=\(width),\(height)", "--screenshot=\(png)", URL(fileURLWithPath: file).absoluteString,
            ],
            timeout: 90 * Slowness.factor.clamped
        )
        guard FileManager.default.fileExists(atPath: png) else {
            throw Failure(
                description: "chromium --screenshot \(file): status \(result.status): \(result.stderr.suffix(2000))"
            )
        }
    }

    static func browser() throws -> String {
        guard let path else { throw Failure(description: "chromium is not installed") }
        return path
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}

extension Double {
    /// Infinity (AddressSanitizer) as a day: a timeout must end.
    fileprivate var clamped: Double { isFinite ? self : 86400 }
}
