import BigInt
import CasebookTestSupport
import PrimeFactors
import Testing

@Suite("A line of factor output")
struct FactorLineTests {
    /// Each number's line, from a `UInt64` and from a `BigUInt` of the same value alike (the
    /// web page factors what is typed in as a number of any size).
    @Test(arguments: [
        (UInt64(0), "0:"),
        (1, "1:"),
        (2, "2: 2"),
        (12, "12: 2 2 3"),
        (UInt64.max, "18446744073709551615: 3 5 17 257 641 65537 6700417"),
    ])
    func namesTheNumberThenItsFactors(number: UInt64, line: String) {
        #expect(FactorLine.text(for: number) == line)
        #expect(FactorLine.text(for: BigUInt(number)) == line)
    }

    /// Beyond 2^64 − 1, the wide line.
    @Test func namesANumberBeyond64BitsThenItsFactors() {
        #expect(
            FactorLine.text(for: BigUInt(1) << 64 + 1)
                == "18446744073709551617: 274177 67280421310721")
    }

    /// The line writes its numbers two digits at a time; every width from 1 to 20 digits, each
    /// at its edges (10^k − 1, 10^k, 10^k + 1, and 66…6), must read as Swift writes the same
    /// numbers.
    @Test func everyWidthOfNumberIsWrittenInDecimalAsSwiftWritesIt() {
        var numbers: [UInt64] = Array(0...1_200) + [UInt64.max, UInt64.max - 1, 1 << 63]
        let powersOfTen = (1...19).map { k in (0..<k).reduce(UInt64(1)) { power, _ in power * 10 } }
        for power in powersOfTen { numbers += [power - 1, power, power + 1, power / 3 * 2] }
        var generator = SplitMix64(seed: 1_000)
        for _ in 0..<500 { numbers.append(generator.next() >> (generator.next() % 64)) }
        for number in numbers {
            let expected = "\(number):" + primeFactors(of: number).map { " \($0)" }.joined()
            #expect(FactorLine.text(for: number) == expected)
        }
    }

    /// The longest line: 2^63, the number with the most factors (63 twos).
    @Test func theLineWithTheMostFactorsIsWrittenWhole() {
        let line = FactorLine.text(for: UInt64(1) << 63)
        #expect(line == "9223372036854775808:" + String(repeating: " 2", count: 63))
    }
}
