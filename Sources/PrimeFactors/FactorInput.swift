/// Reads the numbers `factor` is given, by GNU coreutils' rules: leading spaces and one `+` are
/// skipped, then there must be one or more ASCII digits and nothing else. Values above 2^64 − 1
/// are refused.
public enum FactorInput {
    public static func number(from token: String) throws(InvalidFactorInput) -> UInt64 {
        var token = token
        let value = token.withUTF8 { number(fromASCII: UnsafeRawBufferPointer($0)) }
        guard let value else { throw InvalidFactorInput(token: token) }
        return value
    }

    /// The number `bytes` spell, or nil when they are not a valid token.
    static func number(fromASCII bytes: UnsafeRawBufferPointer) -> UInt64? {
        var index = 0
        while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index < bytes.count && bytes[index] == UInt8(ascii: "+") { index += 1 }
        guard index < bytes.count else { return nil }
        var value: UInt64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (tenfold, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tenfold.addingReportingOverflow(UInt64(digit))
            guard !overflow && !carry else { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
