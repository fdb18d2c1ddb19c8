#if os(Linux)  // LD_PRELOAD: macOS's loader has DYLD_INSERT_LIBRARIES, and ignores it for most binaries
import Foundation
import Testing
import TestSupport

/// The C compiler that builds the shim, when PATH has one.
private let cCompiler = ["clang", "cc", "gcc"].lazy.compactMap { try? Run.which($0) }.first

/// When the system makes no more threads (a process or user thread limit reached), work
/// that waits for threads must still end. pthread_create is made to fail by a shim
/// preloaded into tlsprobe (LD_PRELOAD), compiled here with the C compiler on PATH (the
/// Swift toolchain's clang, or cc): every call fails from the `FAIL_FROM`th on, and the
/// first failure creates the file `FAIL_MARK`, so a test knows the shim took effect.
@Suite(.enabled(if: cCompiler != nil, "no C compiler on PATH to build the pthread_create shim"))
struct NoThreadsTests {

    static let shimSource = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <pthread.h>
        #include <stdlib.h>
        #include <unistd.h>
        static int calls;
        int pthread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*start)(void *), void *argument) {
            static int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
            if (!real) real = dlsym(RTLD_NEXT, "pthread_create");
            const char *from = getenv("FAIL_FROM");
            if (from && __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST) >= atoi(from)) {
                const char *mark = getenv("FAIL_MARK");
                if (mark) close(open(mark, O_WRONLY | O_CREAT, 0600));
                return EAGAIN;
            }
            return real(thread, attributes, start, argument);
        }
        """

    /// The environment that preloads the shim, built in `dir`, failing every call, and the
    /// file whose existence says a call was failed.
    static func failingThreads(in dir: TemporaryDirectory) throws -> (environment: [String: String], mark: String) {
        let source = dir.write("failing-pthread-create.c", shimSource)
        let library = dir.file("failing-pthread-create.so")
        let built = try Run.process(cCompiler!, ["-shared", "-fPIC", "-o", library, source, "-ldl"])
        try #require(built.status == 0, "\(built.stderr)")
        let mark = dir.file("a-thread-was-refused")
        return (["LD_PRELOAD": library, "FAIL_FROM": "1", "FAIL_MARK": mark], mark)
    }

    /// connect's main handshake and version probes each run on a thread of their own; with
    /// none to be had they run one after the other here. Before, the run waited forever.
    @Test func connectVersionsStillAnswersWhenNoThreadCanBeMade() throws {
        let pki = PKIFiles()
        let server = try pki.server(["-tls1_2"])
        defer { server.stop() }
        let failing = try Self.failingThreads(in: pki.dir)
        let out = try Run.tlsprobe(
            ["connect", server.address, "--anchor", pki.root, "--versions", "--json"],
            environment: failing.environment,
            timeout: 30
        )
        #expect(FileManager.default.fileExists(atPath: failing.mark), "the shim refused a thread")
        #expect(out.status == 0, "\(out.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        #expect(
            json?["versions"] as? [String: Bool] == [
                "TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": true, "TLSv1.3": false,
            ]
        )
        #expect((json?["trust"] as? [String: Any])?["trusted"] as? Bool == true)
    }

    /// listen's reports are written by a thread of their own, so that a stdout nobody reads
    /// never holds a connection or a stop. Without it listen serves nobody: exit 2 and one
    /// line, at once. Before, it served on and wrote no report.
    @Test func listenSaysItCannotWriteReportsWhenNoThreadCanBeMade() throws {
        let pki = PKIFiles()
        let failing = try Self.failingThreads(in: pki.dir)
        let port = try ReservedPort()
        let started = Date()
        let out = try Run.tlsprobe(
            ["listen", port.address, "--count", "1"],
            environment: failing.environment,
            timeout: 30
        )
        #expect(FileManager.default.fileExists(atPath: failing.mark), "the shim refused a thread")
        #expect(out.status == 2, "\(out.stdout) \(out.stderr)")
        // One line, and no "listening on" announced before it.
        #expect(out.stderr.hasPrefix("Error: cannot start the thread that writes reports"), "\(out.stderr)")
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stdout.isEmpty)
        #expect(Date().timeIntervalSince(started) < 20 * Slowness.factor)
    }
}
#endif
