import BigInt
import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// Montgomery arithmetic on four words, against `BigUInt`'s own.
@Suite("Arithmetic modulo numbers up to 256 bits")
struct Montgomery256Tests {
    @Test func multipliesAddsSubtractsAndHalvesAsBigUIntDoes() {
        var generator = SplitMix64(seed: 256)
        for bits in [65, 129, 192, 255, 256] {
            let n = WideReferencePrimality.random(bits: bits, &generator) | 1
            let m = Montgomery256(n)
            for _ in 0..<12 {
                let a = WideReferencePrimality.random(bits: bits + 10, &generator) % n
                let b = WideReferencePrimality.random(bits: bits - 3, &generator) % n
                let (x, y) = (m.residue(a), m.residue(b))
                #expect(m.value(x) == a)
                #expect(m.value(m.multiply(x, y)) == a * b % n)
                #expect(m.value(m.add(x, y)) == (a + b) % n)
                #expect(m.value(m.subtract(x, y)) == (a + n - b) % n)
                #expect(m.value(m.add(m.half(x), m.half(x))) == a)
            }
            #expect(m.value(m.one) == 1)
            #expect(m.value(m.subtract(m.zero, m.one)) == n - 1)
        }
    }
}
