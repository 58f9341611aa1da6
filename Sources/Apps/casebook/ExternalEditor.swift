import CasebookFileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The editor a person chose, `$VISUAL` or else `$EDITOR`, run on a file as `git commit`
/// runs it: through the shell (so `code --wait` works), on the terminal, waited for.
struct ExternalEditor {
    let command: String

    /// The chosen editor, when one is chosen.
    static func chosen() -> ExternalEditor? {
        for name in ["VISUAL", "EDITOR"] {
            if let value = getenv(name), value.pointee != 0 {
                return ExternalEditor(command: String(cString: value))
            }
        }
        return nil
    }

    /// `text` opened in the editor, and what the file holds when the editor ends (valid
    /// UTF-8 without NUL, at most 1 MiB). The file lives in a private folder of its own,
    /// removed afterwards.
    func edit(_ text: String) throws -> String {
        var template = Array(
            (NSTemporaryDirectory() + "/casebook-entry-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
        else {
            throw FailureReport.Message("cannot make a folder for the editor's file")
        }
        let folderPath = String(cString: folder)
        defer { try? FileManager.default.removeItem(atPath: folderPath) }
        let path = folderPath + "/ENTRY.txt"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw FailureReport.Message("cannot write the editor's file")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FailureReport.Message(
                "the editor (\(command)) ended with status \(process.terminationStatus); nothing changed"
            )
        }
        do {
            return try BoundedFile.text(atPath: path, limit: 1024 * 1024)
        } catch {
            throw FailureReport.Message("the editor's file cannot be used: \(error)")
        }
    }
}
