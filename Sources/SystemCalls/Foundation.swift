// Which Foundation the product uses, said once: FoundationEssentials where it exists (Linux:
// the static binary then carries no Foundation, CoreFoundation or ICU), the system's
// Foundation on macOS. Every module imports SystemCalls and gets it from here; no product
// file imports Foundation itself (ArchitectureTests), since one `import Foundation` links
// all of it (docs/NOTES.md).
#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif
