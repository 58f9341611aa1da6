/// The fields of an `application/x-www-form-urlencoded` body or query.
struct FormFields {
    private var values: [String: String] = [:]

    init(_ encoded: some Collection<UInt8>) {
        for pair in encoded.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(
                separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            if values[name] == nil { values[name] = parts.count > 1 ? Self.decode(parts[1]) : "" }
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// `+` is a space and `%XX` a byte; malformed escapes are kept as they are.
    private static func decode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"),
                let high = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex),
                high != bytes.endIndex,
                let low = bytes.index(high, offsetBy: 1, limitedBy: bytes.endIndex),
                low != bytes.endIndex,
                let value = UInt8(
                    String(decoding: [bytes[high], bytes[low]], as: UTF8.self), radix: 16)
            {
                output.append(value)
                index = low
            } else {
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
