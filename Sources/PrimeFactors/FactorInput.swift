import BigInt

/// Reads the numbers `factor` is given, by GNU coreutils' rules: leading spaces and one `+` are
/// skipped, then there must be one or more ASCII digits and nothing else. `number(from:)` takes
/// values up to 2^64 − 1; `integer(from:)` takes any size.
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

    /// The non-negative integer `token` spells, of any size, by the same rules.
    public static func integer(from token: String) throws(InvalidFactorInput) -> BigUInt {
        var token = token
        let value = token.withUTF8 { bytes -> BigUInt? in
            digits(fromASCII: UnsafeRawBufferPointer(bytes)).map(integer(fromDigits:))
        }
        guard let value else { throw InvalidFactorInput(token: token) }
        return value
    }

    /// The digits of a valid token (after the leading spaces and `+`), or nil when it is not one.
    static func digits(fromASCII bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var index = 0
        while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index < bytes.count && bytes[index] == UInt8(ascii: "+") { index += 1 }
        guard index < bytes.count else { return nil }
        let digits = UnsafeRawBufferPointer(rebasing: bytes[index...])
        guard digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        return digits
    }

    /// The value of ASCII decimal digits.
    static func integer(fromDigits digits: UnsafeRawBufferPointer) -> BigUInt {
        // Nineteen digits at a time: each chunk fits in a word.
        var value = BigUInt(0)
        var index = 0
        while index < digits.count {
            let end = min(index + 19, digits.count)
            var chunk: UInt64 = 0
            var scale: UInt64 = 1
            for position in index..<end {
                chunk = chunk * 10 + UInt64(digits[position] - UInt8(ascii: "0"))
                scale *= 10
            }
            value = value * BigUInt(scale) + BigUInt(chunk)
            index = end
        }
        return value
    }

    /// The value of ASCII decimal digits if it is below 2^128.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func doubleWord(fromDigits digits: UnsafeRawBufferPointer) -> UInt128? {
        var value: UInt128 = 0
        for digit in digits {
            let (tenfold, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tenfold.addingReportingOverflow(UInt128(digit - UInt8(ascii: "0")))
            guard !overflow && !carry else { return nil }
            value = sum
        }
        return value
    }
}
