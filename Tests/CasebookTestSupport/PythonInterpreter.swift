import Foundation

/// The Python 3 interpreter tests hand files to (to read or write them with its standard
/// library), found once per process: `python3` on the `PATH` may be a launcher script (pyenv's
/// shims start a dozen shell processes) that every later run can skip.
public enum PythonInterpreter {
    /// The interpreter's own executable, as it names itself.
    public static var url: URL {
        get throws { try found.get() }
    }

    private static let found = Result { () throws -> URL in
        let python = Process()
        python.executableURL = URL(filePath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import sys; print(sys.executable)"]
        let output = Pipe()
        python.standardOutput = output
        let path = try ProcessLaunch.runToExit(python, readingTextFrom: output)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard python.terminationStatus == 0, path.hasPrefix("/") else {
            throw NotFound(output: path)
        }
        return URL(filePath: path)
    }

    /// `python3` did not start, or did not say where it is.
    public struct NotFound: Error, CustomStringConvertible {
        public let output: String
        public var description: String { "python3 did not name its executable: \(output)" }
    }
}
