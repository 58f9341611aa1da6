import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// The double-word product the 128-bit Montgomery arithmetic is built on, against `BigUInt`'s
/// own. The arithmetic itself keeps the contract every `ModularArithmetic` keeps
/// (`ModularArithmeticContractTests`).
@Suite("Arithmetic modulo numbers up to 128 bits")
struct Montgomery128Tests {
    /// The full product Montgomery128 computes from 64-bit halves, against BigUInt's, at the
    /// edges (every half all ones, carries out of the middle column) and at random.
    @Test func multipliesInFullAsBigUIntDoes() {
        var generator = SplitMix64(seed: 128)
        let edges: [UInt128] = [
            0, 1, UInt128(UInt64.max), UInt128(UInt64.max) << 64, .max, .max - 1,
        ]
        let random = (0..<200).map { _ in
            UInt128(generator.next()) << 64 | UInt128(generator.next())
        }
        for a in edges + random.prefix(20) {
            for b in edges + random.suffix(20) {
                let (high, low) = Montgomery128.fullProduct(a, b)
                #expect(BigUInt(high) << 128 | BigUInt(low) == BigUInt(a) * BigUInt(b))
            }
        }
    }
}
