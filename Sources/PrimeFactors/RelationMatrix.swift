import BigInt

/// The sieve's linear algebra: the relations' parities, a row each, pruned of every relation
/// with a prime no other relation has (a singleton can be in no square product) until none is
/// left, and of the relations beyond the columns left and a surplus; then dense Gaussian
/// elimination over GF(2) (`ParityMatrix`) finds sets of rows summing to zero, and each set is a
/// congruence of squares X² ≡ Y² (mod N).
enum RelationMatrix {
    /// A divisor of `n` from `relations` over `base`, or nil when every dependency gave 1 or N.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func divisor(of n: BigUInt, relations: [SieveRelation], base: FactorBase) -> BigUInt? {
        let odd = relations.map(oddColumns)
        var kept = Array(relations.indices)
        // Singletons out, until there are none.
        while true {
            var weight: [Int: Int] = [:]
            for row in kept { for column in odd[row] { weight[column, default: 0] += 1 } }
            let before = kept.count
            kept.removeAll { row in odd[row].contains { weight[$0] == 1 } }
            if kept.count == before { break }
        }
        var columns: [Int: Int] = [:]
        for row in kept {
            for column in odd[row] where columns[column] == nil {
                columns[column] = columns.count
            }
        }
        kept = Array(kept.prefix(columns.count + SelfInitialisingSieve.surplus))
        var matrix = ParityMatrix(columns: columns.count)
        for row in kept { matrix.append(columns: odd[row].map { columns[$0]! }) }
        for dependency in matrix.dependencies().prefix(SelfInitialisingSieve.surplus) {
            let chosen = dependency.map { relations[kept[$0]] }
            if let divisor = divisor(of: n, from: chosen, base: base) { return divisor }
        }
        return nil
    }

    /// The columns (factor-base indices) a relation has an odd number of times.
    private static func oddColumns(_ relation: SieveRelation) -> [Int] {
        var counts: [Int: Int] = [:]
        for factor in relation.factors { counts[factor, default: 0] += 1 }
        return counts.compactMap { $0.value % 2 == 1 ? $0.key : nil }.sorted()
    }

    /// gcd(X − Y, N) for relations whose product is a square, if neither 1 nor N: X the
    /// product of their y, Y the square root of the product of their values.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private static func divisor(of n: BigUInt, from relations: [SieveRelation], base: FactorBase)
        -> BigUInt?
    {
        var x = BigUInt(1)
        var counts = [Int](repeating: 0, count: base.primes.count)
        var large: [UInt64: Int] = [:]
        for relation in relations {
            x = x * relation.y % n
            for factor in relation.factors { counts[factor] += 1 }
            for prime in relation.largePrimes { large[prime, default: 0] += 1 }
        }
        var y = BigUInt(1)
        for index in 1..<counts.count where counts[index] > 0 {
            precondition(counts[index] % 2 == 0, "a dependency's product is not a square")
            y = y * BigUInt(base.primes[index]).power(BigUInt(counts[index] / 2), modulus: n) % n
        }
        for (prime, count) in large {
            precondition(count % 2 == 0, "a large prime occurs an odd number of times")
            y = y * BigUInt(prime).power(BigUInt(count / 2), modulus: n) % n
        }
        let difference = x >= y ? x - y : y - x
        let divisor = difference.greatestCommonDivisor(with: n)
        return divisor != 1 && divisor != n ? divisor : nil
    }
}
