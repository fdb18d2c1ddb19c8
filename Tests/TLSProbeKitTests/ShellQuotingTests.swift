import Foundation
import TestSupport
import Testing
@testable import TLSProbeKit

/// identity prints the commands that install what it made, with each path as one shell
/// word; the shell must read back the very text, whatever the path holds.
@Suite struct ShellQuotingTests {
    @Test(arguments: [
        "/tmp/ca", "/tmp/a b", "it's", "no'\u{301}pe", "'", "''", "a'\u{301}'\u{308}b", "\u{301}'", "$HOME", "a\"b",
        "x\ny",
        "é'", "🇫🇷'x", "-n", "",
    ])
    func theShellReadsBackTheText(_ text: String) throws {
        let word = IdentitySession.shell(text)
        let echoed = try Run.process("/bin/sh", ["-c", "printf '%s' " + word])
        #expect(echoed.status == 0, "\(echoed.stderr)")
        #expect(echoed.stdout == text, "\(word.debugDescription) read back as \(echoed.stdout.debugDescription)")
    }
}
