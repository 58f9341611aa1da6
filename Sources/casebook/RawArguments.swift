#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's arguments as the bytes it was given. `CommandLine.arguments` and the parser
/// hand on strings, in which a byte that is not UTF-8 has become U+FFFD; a token `factor`
/// refuses must be shown as it was, byte for byte, as GNU `factor` shows it.
enum RawArguments {
    /// The bytes of each of `operands`, which are some of the process's arguments in their
    /// order (as the parser leaves them): each is matched with the next argument whose text
    /// it is. An operand no argument matches is taken as its own UTF-8.
    static func bytes(of operands: [String]) -> [[UInt8]] {
        bytes(of: operands, among: processArguments())
    }

    /// `bytes(of:)` against the given arguments, for the tests.
    static func bytes(of operands: [String], among arguments: [[UInt8]]) -> [[UInt8]] {
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

    /// The first argument that is not UTF-8 text: its position (1 for the first after the
    /// program's name) and its first byte that does not belong, counted from 1; nil when every
    /// argument is text. The parser would hand such an argument on with U+FFFD in place of its
    /// bytes, and a command would save or use the altered text.
    static func firstNotUTF8() -> (argument: Int, byte: Int, value: UInt8)? {
        firstNotUTF8(among: processArguments())
    }

    /// `firstNotUTF8()` among the given arguments, for the tests.
    static func firstNotUTF8(among arguments: [[UInt8]]) -> (
        argument: Int, byte: Int, value: UInt8
    )? {
        for (position, bytes) in arguments.enumerated() {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): offset += scalar.count
                case .emptyInput: break
                case .error: return (position + 1, offset + 1, bytes[offset])
                }
                if offset == bytes.count { break }
            }
        }
        return nil
    }

    /// Every argument after the program's name, from `argv`.
    private static func processArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }
}
