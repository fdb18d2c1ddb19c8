import Foundation
import OpenSSLProbe
import Testing
import SafeFiles

/// PathText gives what NSString's path methods give for the paths tlsprobe writes, and
/// an answer where those stopped the process (a one-character relative name).
@Suite struct PathTextTests {
    static let cases: [(path: String, directory: String, last: String)] = [
        ("w", "", "w"),
        ("é", "", "é"),
        ("w/", "", "w"),
        ("ab", "", "ab"),
        ("ab/", "", "ab"),
        ("a/b", "a", "b"),
        ("a//b", "a", "b"),
        ("/a", "/", "a"),
        ("/a/", "/", "a"),
        ("/a/b//", "/a", "b"),
        ("./w", ".", "w"),
        ("../w", "..", "w"),
        ("dir/c/server.pem", "dir/c", "server.pem"),
        ("/", "/", "/"),
        ("//", "/", "/"),
        ("", "", ""),
    ]

    @Test func directoryAndLastComponent() {
        for (path, directory, last) in Self.cases {
            #expect(PathText.directory(path) == directory, "\(path)")
            #expect(PathText.lastComponent(path) == last, "\(path)")
        }
    }

    /// Where Foundation's answer is safe to ask for (names longer than one character, not
    /// only slashes), PathText agrees with it.
    @Test func agreesWithNSStringWhereItAnswers() {
        for (path, _, _) in Self.cases where PathText.lastComponent(path).count > 1 {
            #expect(PathText.directory(path) == (path as NSString).deletingLastPathComponent, "\(path)")
            #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent, "\(path)")
        }
    }

    @Test func appending() {
        #expect(PathText.appending("n", to: "") == "n")
        #expect(PathText.appending("n", to: "d") == "d/n")
        #expect(PathText.appending("n", to: "d/") == "d/n")
        #expect(PathText.appending("n", to: "/") == "/n")
        #expect(PathText.appending("root.pem", to: "/etc/ssl/certs") == "/etc/ssl/certs/root.pem")
    }
}
