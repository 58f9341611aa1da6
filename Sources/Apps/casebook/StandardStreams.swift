import CasebookWire
import Foundation

/// Unbuffered lines on standard output and standard error, so that messages appear at once and
/// in order even when the streams are pipes. Output that cannot be written (a full disk, a
/// closed pipe) is an error the command reports; a message on standard error that cannot be
/// written has nowhere left to go and is dropped.
enum StandardStreams {
    static func output(_ line: String) throws {
        try write(line + "\n", to: .standardOutput)
    }

    /// `value` as indented JSON, in the shape the JSON API gives it.
    /// `value` as indented JSON; an empty list as `[]` (Foundation writes it over three lines).
    static func outputJSON(_ value: some Encodable) throws {
        let text = String(decoding: WireJSON.encode(value, indented: true), as: UTF8.self)
        try output(text == "[\n\n]" ? "[]" : text)
    }

    /// `text` exactly as it is, without a line ending added.
    static func outputText(_ text: String) throws {
        try write(text, to: .standardOutput)
    }

    /// A message: whatever outside text it quotes shows its control characters escaped
    /// (`VisibleText`).
    static func error(_ line: String) {
        try? write(VisibleText.escaping(line) + "\n", to: .standardError)
    }

    /// Rewrites the current line of standard error, for progress on a terminal.
    static func status(_ text: String) {
        try? write("\r\u{1B}[K\(text)", to: .standardError)
    }

    private static func write(_ text: String, to stream: FileDescriptorWriter) throws {
        var text = text
        try text.withUTF8 { try stream.write(UnsafeRawBufferPointer($0)) }
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
