import SystemCalls
import TLSProbeKit

/// `tlsprobe-docs` (`make generate`): writes the generated parts of the documentation
/// (GeneratedDocuments) from the code. `--check` writes nothing and exits 1 when a
/// committed document differs from what it would write.
@main
struct GenerateDocs {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let check = arguments == ["--check"]
        guard arguments.isEmpty || check else {
            Console.note("usage: tlsprobe-docs [--check]   (run from the repository's root)")
            SystemCall.exit(64)
        }
        do {
            let root = "."
            let documents = try GeneratedDocuments.documents(root: root)
            var stale: [String] = []
            for document in documents where (try? GeneratedDocuments.read(root, document.path)) != document.text {
                stale.append(document.path)
                if !check { try write(document.text, to: root + "/" + document.path) }
            }
            for path in stale { Console.note(check ? "\(path) is not what make generate writes" : "wrote \(path)") }
            if check && !stale.isEmpty { SystemCall.exit(1) }
        } catch {
            Console.note("tlsprobe-docs: \(error)")
            SystemCall.exit(2)
        }
    }

    /// Writes `text` to `path` through a temporary file renamed into place.
    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
