#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether bytes from outside (an argument, an environment variable, a file's name) are UTF-8
/// text.
public enum TextBytes {
    /// Where `bytes` stop being UTF-8: the first byte that does not belong, counted from 1, and
    /// its value; nil when they are UTF-8 throughout.
    public static func firstInvalidByte(in bytes: [UInt8]) -> (position: Int, value: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while offset < bytes.count {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return (offset + 1, bytes[offset])
            }
        }
        return nil
    }

    /// The bytes of a C string (an argument, an environment variable, a typed password), as
    /// they are: Swift's `String(cString:)` would put U+FFFD in place of those that are not UTF-8.
    public static func bytes(ofCString string: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
    }

    /// "(its byte 3 is 0x80)": where the bytes stop being text, for a message.
    public static func place(_ invalid: (position: Int, value: UInt8)) -> String {
        "its byte \(invalid.position) is 0x\(String(invalid.value, radix: 16, uppercase: true))"
    }
}
