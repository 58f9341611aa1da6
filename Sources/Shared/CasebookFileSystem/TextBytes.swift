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

    /// Bytes from outside (a server's reply) to quote in a message: their text up to `limit`
    /// bytes, cut before the character the limit falls in, or, when what would be quoted is not
    /// UTF-8, "N bytes that are not UTF-8 text (its byte P is 0xHH)".
    public static func quoted(_ bytes: [UInt8], upTo limit: Int) -> String {
        var end = min(bytes.count, limit)
        // A byte 10xxxxxx continues a character: the cut goes back to where that one starts.
        while end < bytes.count, end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let kept = Array(bytes[..<end])
        if let invalid = firstInvalidByte(in: kept) {
            return "\(bytes.count) bytes that are not UTF-8 text (\(place(invalid)))"
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Whether `scalar` is a control character (U+0000–U+001F, U+007F, U+0080–U+009F: line
    /// breaks, tabs, escape sequences' start, bells), which text shown on one line or on a
    /// terminal may not hold as it is.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// The first control character of `text`, if it holds one.
    public static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isControl)
    }

    /// The first character of `text` that ends a line without being a control character (the
    /// line and paragraph separators, U+2028 and U+2029) or turns the text around it (the
    /// bidirectional embeddings and overrides, U+202A to U+202E, and isolates, U+2066 to
    /// U+2069, with which "Diavola" shows as "alovaiD"); nil when there is none.
    public static func firstLineOrDirectionCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first {
            switch $0.value {
            case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// Why `text` is not one line of text shown as it is, or nil: it holds a control character
    /// (`it holds a control character (U+000A)`), or a line or direction character
    /// (`it holds U+2028, which ends a line or turns text around`).
    public static func oneLineProblem(in text: String) -> String? {
        if let control = firstControlCharacter(in: text) {
            return "it holds a control character (\(codePoint(control)))"
        }
        if let turning = firstLineOrDirectionCharacter(in: text) {
            return "it holds \(codePoint(turning)), which ends a line or turns text around"
        }
        return nil
    }

    /// "U+001B": a character as Unicode names it, for a message.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hexadecimal = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hexadecimal.count)) + hexadecimal
    }

    /// Whether every character of `text` is printable ASCII other than the space ("!" to "~"):
    /// a host name, a store's identity.
    public static func isVisibleASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Appends `\ooo`, a backslash and the byte's three octal digits: how Casebook shows a byte
    /// it cannot show as it is (of a name that is not UTF-8, a control character).
    public static func appendOctalEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "0") + (byte >> 6))
        output.append(UInt8(ascii: "0") + ((byte >> 3) & 7))
        output.append(UInt8(ascii: "0") + (byte & 7))
    }

    /// "(its byte 3 is 0x80)": where the bytes stop being text, for a message.
    public static func place(_ invalid: (position: Int, value: UInt8)) -> String {
        "its byte \(invalid.position) is 0x\(String(invalid.value, radix: 16, uppercase: true))"
    }
}
