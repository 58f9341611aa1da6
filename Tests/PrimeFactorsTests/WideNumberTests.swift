import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// What each width says of its value, against `BigUInt`'s own arithmetic: the bits it needs
/// (which pick the sieve's parameters and the curves' levels) and its remainder by a small
/// number (wide trial division's test of each prime).
@Suite("The widths the wide methods work on")
struct WideNumberTests {
    /// 0, 1, every power of two below 2^128 and either side of it, and random values of every
    /// width.
    static let values: [BigUInt] = {
        var values: [BigUInt] = [0, 1, BigUInt(UInt128.max)]
        for shift in 1..<128 {
            let power = BigUInt(1) << shift
            values += [power - 1, power, power + 1]
        }
        var generator = SplitMix64(seed: 128)
        for _ in 0..<300 {
            let wide = BigUInt(generator.next()) << 64 | BigUInt(generator.next())
            values.append(wide >> Int(generator.next() % 128))
        }
        return values
    }()

    static let divisors: [UInt64] = [1, 2, 3, 7, 16_381, (1 << 32) - 5, (1 << 63) + 29, .max]

    @Test func eachWidthCountsTheBitsItsValueNeeds() {
        for value in Self.values {
            let bits = value == 0 ? 0 : String(value, radix: 2).count
            #expect(value.significantBitCount == bits, "\(value)")
            #expect(UInt128(value).significantBitCount == bits, "\(value)")
            if let narrow = UInt64(exactly: value) {
                #expect(narrow.significantBitCount == bits, "\(value)")
            }
        }
    }

    @Test func eachWidthDividesBySmallNumbersAsBigUIntDoes() {
        for value in Self.values {
            for divisor in Self.divisors {
                let expected = UInt64(value % BigUInt(divisor))
                #expect(value.remainder(dividingBy: divisor) == expected, "\(value) % \(divisor)")
                #expect(
                    UInt128(value).remainder(dividingBy: divisor) == expected,
                    "\(value) % \(divisor)")
                if let narrow = UInt64(exactly: value) {
                    #expect(narrow.remainder(dividingBy: divisor) == expected, "\(value)")
                }
            }
        }
    }
}
