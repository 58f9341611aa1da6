import CasebookWire
import Foundation

/// Unbuffered lines on standard output and standard error, so that messages appear at once and
/// in order even when the streams are pipes.
enum StandardStreams {
    static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// `value` as indented JSON, in the shape the JSON API gives it.
    static func outputJSON(_ value: some Encodable) {
        output(String(decoding: WireJSON.encode(value, indented: true), as: UTF8.self))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Rewrites the current line of standard error, for progress on a terminal.
    static func status(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    /// All of standard input as text: valid UTF-8 without NUL, or a failure saying which.
    static func inputText() throws -> String {
        let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FailureReport.Message("standard input is not valid UTF-8 text")
        }
        guard !bytes.contains(0) else {
            throw FailureReport.Message("standard input contains a NUL character")
        }
        return text
    }

    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
