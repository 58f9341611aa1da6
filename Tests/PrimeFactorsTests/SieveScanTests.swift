import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// Both sieves find their candidates with one scan: every position whose byte reached 128, in
/// order, and no other.
@Suite("The sieve's scan for candidates")
struct SieveScanTests {
    @Test(arguments: [32, 4_096, 65_536])
    func findsEveryPositionPastTheThresholdInOrder(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        var bytes = (0..<count).map { _ in UInt8(generator.next() % 128) }
        for _ in 0..<count / 64 + 1 { bytes[Int(generator.next() % UInt64(count))] |= 0x80 }
        bytes[count - 1] = 0x80
        let expected = bytes.indices.filter { bytes[$0] & 0x80 != 0 }
        var found: [Int] = []
        bytes.withUnsafeBytes { SieveScan.forEachMarked(in: $0) { found.append($0) } }
        #expect(found == expected)
    }
}
