/// Text from a URL's path or query, or from a form body: every `%XX` escape well formed, and the
/// decoded bytes valid UTF-8 without NUL. Anything else is refused, never repaired, so that what
/// a client sent is either taken exactly or not at all.
public enum PercentDecoding {
    public enum Failure: Error, Equatable, Sendable {
        case malformedEscape
        case invalidUTF8
        case nul

        /// What is wrong, to follow the name of what was sent: "… is not valid UTF-8 text".
        public var problem: String {
            switch self {
            case .malformedEscape: "has a malformed %-escape (% must be followed by two hex digits)"
            case .invalidUTF8: "is not valid UTF-8 text"
            case .nul: "contains a NUL character"
            }
        }
    }

    /// The decoded text; with `plusIsSpace` (forms and queries), `+` stands for a space.
    public static func text(_ encoded: some Collection<UInt8>, plusIsSpace: Bool) throws(Failure)
        -> String
    {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index != encoded.endIndex {
            var byte = encoded[index]
            if byte == UInt8(ascii: "%") {
                let high = encoded.index(after: index)
                guard high != encoded.endIndex else { throw .malformedEscape }
                let low = encoded.index(after: high)
                guard low != encoded.endIndex, let h = hexValue(encoded[high]),
                    let l = hexValue(encoded[low])
                else { throw .malformedEscape }
                byte = h << 4 | l
                index = low
            } else if plusIsSpace && byte == UInt8(ascii: "+") {
                byte = UInt8(ascii: " ")
            }
            guard byte != 0 else { throw .nul }
            bytes.append(byte)
            index = encoded.index(after: index)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
