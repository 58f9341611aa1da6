import CasebookFileSystem

/// The process's arguments as the bytes it was given. `CommandLine.arguments` and the parser
/// hand on strings, in which a byte that is not UTF-8 has become U+FFFD; a token `factor`
/// refuses must be shown as it was, byte for byte, as GNU `factor` shows it.
enum RawArguments {
    /// The bytes of each of `operands`, which are some of the process's arguments in their
    /// order (as the parser leaves them): each is matched with the next argument whose text
    /// it is. An operand no argument matches is taken as its own UTF-8.
    static func bytes(of operands: [String]) -> [[UInt8]] {
        let arguments = processArguments()
        var next = arguments.startIndex
        return operands.map { operand in
            guard
                let found = arguments[next...].firstIndex(where: {
                    String(decoding: $0, as: UTF8.self) == operand
                })
            else { return Array(operand.utf8) }
            next = found + 1
            return arguments[found]
        }
    }

    /// A message for the first argument that is not UTF-8 text, naming its position (1 for
    /// the first after the program's name) and the byte that does not belong, or nil. The
    /// parser would hand such an argument on with U+FFFD in place of its bytes, and a command
    /// would save or use the altered text.
    static func refusal() -> String? {
        for (index, bytes) in processArguments().enumerated() {
            if let invalid = TextBytes.firstInvalidByte(in: bytes) {
                return "argument \(index + 1) is not valid UTF-8 text (\(TextBytes.place(invalid)))"
            }
        }
        return nil
    }

    /// Every argument after the program's name, from `argv`.
    private static func processArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return TextBytes.bytes(ofCString: argument)
        }
    }
}
