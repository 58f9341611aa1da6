import CasebookTestSupport
import Testing

@testable import PrimeFactors

/// The quadratic sieve's linear algebra on its own: every set of rows it returns sums to zero
/// modulo 2 (the relations' product is a square), and it returns as many independent sets as
/// the rows allow, whatever the rows' and columns' counts are against the 64-bit words.
@Suite("The parity matrix")
struct ParityMatrixTests {
    /// `rank` rows that are independent by construction (row i's lowest column is i's own
    /// distinct column, with random columns above it), then `extra` rows each the sum of a random
    /// set of those: the matrix's rank is `rank`, so exactly `extra` independent sets sum to zero.
    static func rows(columns: Int, rank: Int, extra: Int, seed: UInt64) -> [[Int]] {
        var generator = SplitMix64(seed: seed)
        let leads = (0..<columns).shuffled(using: &generator).prefix(rank)
        let independent = leads.map { lead in
            [lead] + (lead + 1..<columns).filter { _ in generator.next() & 1 == 1 }
        }
        let dependent = (0..<extra).map { _ in
            independent.filter { _ in generator.next() & 1 == 1 }.reduce(Set<Int>()) {
                $0.symmetricDifference($1)
            }.sorted()
        }
        return (independent + dependent).shuffled(using: &generator)
    }

    /// Whether the rows at `indices` sum to zero modulo 2.
    static func sumsToZero(_ indices: [Int], of rows: [[Int]]) -> Bool {
        indices.reduce(Set<Int>()) { $0.symmetricDifference(rows[$1]) }.isEmpty
    }

    /// Whether no non-empty subset of `sets` (each a set of row indices) sums to the empty set:
    /// the sets are independent, so none is a sum of the others.
    static func independent(_ sets: [[Int]]) -> Bool {
        var basis: [Int: Set<Int>] = [:]
        for set in sets {
            var vector = Set(set)
            while let lowest = vector.min(), let row = basis[lowest] {
                vector.formSymmetricDifference(row)
            }
            guard let lowest = vector.min() else { return false }
            basis[lowest] = vector
        }
        return true
    }

    @Test(arguments: [
        (columns: 10, rank: 10, extra: 3), (columns: 64, rank: 60, extra: 8),
        (columns: 65, rank: 65, extra: 1), (columns: 150, rank: 140, extra: 30),
        (columns: 200, rank: 120, extra: 9),
    ])
    func returnsEveryIndependentSetOfRowsThatSumsToZero(columns: Int, rank: Int, extra: Int) {
        let rows = Self.rows(columns: columns, rank: rank, extra: extra, seed: UInt64(columns))
        var matrix = ParityMatrix(columns: columns)
        for row in rows { matrix.append(columns: row) }
        #expect(matrix.count == rank + extra)

        let sets = matrix.dependencies()
        #expect(sets.count == extra)
        for set in sets {
            #expect(!set.isEmpty)
            #expect(set == set.sorted() && Set(set).count == set.count)
            #expect(set.allSatisfy { rows.indices.contains($0) })
            #expect(Self.sumsToZero(set, of: rows), "\(set)")
        }
        #expect(Self.independent(sets))
    }

    /// A column named an even number of times cancels: a relation whose every prime is squared
    /// is a square on its own.
    @Test func countsAColumnOnlyWhenItOccursAnOddNumberOfTimes() {
        var matrix = ParityMatrix(columns: 70)
        matrix.append(columns: [3, 3, 69, 69])
        matrix.append(columns: [5, 5, 5, 66])
        matrix.append(columns: [5, 66])
        #expect(Set(matrix.dependencies().map(Set.init)) == [[0], [1, 2]])
    }

    @Test func findsNoSetAmongIndependentRows() {
        var matrix = ParityMatrix(columns: 3)
        for row in [[0], [0, 1], [1, 2]] { matrix.append(columns: row) }
        #expect(matrix.dependencies().isEmpty)
    }
}
