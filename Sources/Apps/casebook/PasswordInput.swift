import CasebookFileSystem
import Foundation

/// A password typed at the terminal without echo, or the first line of standard input (for
/// scripts); never a command-line argument, which other users can read in the process list.
/// It is text: UTF-8, or refused, never kept with U+FFFD in place of bytes that were not
/// (a browser could then never send it).
enum PasswordInput {
    static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    static func read(prompt: String = "Password: ") throws -> String {
        var bytes: [UInt8] = []
        if isTerminal, let typed = getpass(prompt) {
            bytes = TextBytes.bytes(ofCString: typed)
        } else {
            bytes = try firstLineOfStandardInput()
        }
        if let invalid = TextBytes.firstInvalidByte(in: bytes) {
            throw FailureReport.Message(
                "the password is not valid UTF-8 text (\(TextBytes.place(invalid)))")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first line of standard input as bytes, without its "\n" or "\r\n"; empty at its
    /// end. Read a byte at a time, so that nothing after the line is taken from the stream.
    private static func firstLineOfStandardInput() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let data = try FileHandle.standardInput.read(upToCount: 1), let byte = data.first,
            byte != 0x0A
        {
            bytes.append(byte)
            guard bytes.count <= maximumLength else {
                throw FailureReport.Message(
                    "the password is longer than \(maximumLength) bytes")
            }
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        return bytes
    }

    /// The most read as a password: far more than any hash takes, bounded all the same.
    static let maximumLength = 4096
}
