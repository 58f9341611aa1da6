import BigInt

/// One line of `factor` output, byte for byte as GNU coreutils writes it: `N: p1 p2 …`.
public enum FactorLine {
    /// The line for `number`, of any size, without its newline.
    public static func text(for number: BigUInt) -> String {
        if let word = UInt64(exactly: number) { return text(for: word) }
        return text(number, factors: primeFactors(of: number))
    }

    /// The line for a number above 2^64 − 1 given as ASCII digits, without its newline: on
    /// `UInt128` throughout when it fits.
    static func wideText(
        forDigits digits: UnsafeRawBufferPointer, options: FactoringOptions = FactoringOptions()
    ) -> String {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let number = FactorInput.doubleWord(fromDigits: digits)
        {
            return text(number, factors: WideFactorization.factors(of: number, options: options))
        }
        let number = FactorInput.integer(fromDigits: digits)
        return text(number, factors: primeFactors(of: number, options: options))
    }

    private static func text<Number: UnsignedInteger>(_ number: Number, factors: [Number])
        -> String
    {
        var line = "\(number):"
        for factor in factors { line += " \(factor)" }
        return line
    }

    /// Whether GNU `factor` writes the line of this number (ASCII digits, above 2^64 − 1) at
    /// once rather than into its line buffer: from 2^127 on, which it factors with GMP.
    static func isWrittenAtOnceByGNU(digits: UnsafeRawBufferPointer) -> Bool {
        // 2^127 = 170141183460469231731687303715884105728 (39 digits).
        let threshold = Array("170141183460469231731687303715884105728".utf8)
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        if significant.count != threshold.count { return significant.count > threshold.count }
        return !significant.lexicographicallyPrecedes(threshold)
    }

    /// The line for `number`, without its newline.
    public static func text(for number: UInt64) -> String {
        var bytes: [UInt8] = []
        append(number, to: &bytes)
        bytes.removeLast()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The longest line: a 20-digit number and at most 15 factors of up to 20 digits (or 63 twos).
    static let maximumLength = 21 + 15 * 21 + 1

    /// Appends the line for `number`, with its newline, to `bytes`.
    static func append(_ number: UInt64, to bytes: inout [UInt8]) {
        var factors: [UInt64] = []
        factors.reserveCapacity(64)
        appendPrimeFactors(of: number, to: &factors)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let count = write(number, factors: factors[...], to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: count))
        }
    }

    /// Writes the line for `number` (whose prime factors are `factors`), with its newline, at
    /// `output`, which has room for `maximumLength` bytes; returns how many it wrote.
    static func write(
        _ number: UInt64, factors: ArraySlice<UInt64>, to output: UnsafeMutablePointer<UInt8>
    )
        -> Int
    {
        var count = writeDecimal(number, to: output)
        output[count] = UInt8(ascii: ":")
        count += 1
        for factor in factors {
            output[count] = UInt8(ascii: " ")
            count += 1 + writeDecimal(factor, to: output + count + 1)
        }
        output[count] = UInt8(ascii: "\n")
        return count + 1
    }

    /// Writes `value` in decimal at `output`, two digits at a time; returns how many digits.
    private static func writeDecimal(_ value: UInt64, to output: UnsafeMutablePointer<UInt8>) -> Int
    {
        var digits = 1
        var scale: UInt64 = 10
        while digits < 20 && value >= scale {
            digits += 1
            scale = scale &* 10
        }
        var position = digits
        var remaining = value
        while remaining >= 100 {
            let pair = UInt32(truncatingIfNeeded: remaining % 100)
            remaining /= 100
            position -= 2
            output[position] = UInt8(truncatingIfNeeded: 48 + pair / 10)
            output[position + 1] = UInt8(truncatingIfNeeded: 48 + pair % 10)
        }
        if remaining >= 10 {
            let pair = UInt32(truncatingIfNeeded: remaining)
            output[position - 2] = UInt8(truncatingIfNeeded: 48 + pair / 10)
            output[position - 1] = UInt8(truncatingIfNeeded: 48 + pair % 10)
        } else {
            output[position - 1] = UInt8(truncatingIfNeeded: 48 + remaining)
        }
        return digits
    }
}
