import Foundation

/// Unbuffered lines on standard output and standard error, so that messages appear at once and
/// in order even when the streams are pipes.
enum StandardStreams {
    static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Rewrites the current line of standard error, for progress on a terminal.
    static func status(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
