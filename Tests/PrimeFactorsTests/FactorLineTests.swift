import PrimeFactors
import Testing

@Suite("A line of factor output")
struct FactorLineTests {
    @Test(arguments: [
        (UInt64(0), "0:"),
        (1, "1:"),
        (2, "2: 2"),
        (12, "12: 2 2 3"),
        (UInt64.max, "18446744073709551615: 3 5 17 257 641 65537 6700417"),
    ])
    func namesTheNumberThenItsFactors(number: UInt64, line: String) {
        #expect(FactorLine.text(for: number) == line)
    }
}
