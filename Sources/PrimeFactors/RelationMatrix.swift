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
        let kept = keptAfterPruning(odd, columns: base.primes.count)
        // The columns some kept row has, numbered in the order they first come.
        var place = [Int](repeating: -1, count: base.primes.count)
        var columns = 0
        for row in kept {
            for column in odd[row] where place[column] < 0 {
                place[column] = columns
                columns += 1
            }
        }
        var matrix = ParityMatrix(columns: columns)
        for row in kept { matrix.append(columns: odd[row].map { place[$0] }) }
        for dependency in matrix.dependencies().prefix(SelfInitialisingSieve.surplus) {
            let chosen = dependency.map { relations[kept[$0]] }
            let divisor =
                n.bitWidth <= 256
                ? divisor(from: chosen, base: base, Montgomery256(n))
                : divisor(from: chosen, base: base, BigModulus(n))
            if let divisor { return divisor }
        }
        return nil
    }

    /// The rows of `odd` (each row's columns, below `columns`) left when every row with a
    /// column no other row has is taken out, until none is: a singleton can be in no square
    /// product. In their order.
    static func keptAfterPruning(_ odd: [[Int]], columns: Int) -> [Int] {
        var kept = Array(odd.indices)
        // A row goes as soon as one of its columns has no other row left. (`removeAll` asks
        // about each row once, in order; the weights it changes only ever let more rows go,
        // and the loop runs until a pass removes none.)
        var weight = [Int](repeating: 0, count: columns)
        for row in kept { for column in odd[row] { weight[column] += 1 } }
        while true {
            let before = kept.count
            kept.removeAll { row in
                guard odd[row].contains(where: { weight[$0] == 1 }) else { return false }
                for column in odd[row] { weight[column] -= 1 }
                return true
            }
            if kept.count == before { return kept }
        }
    }

    /// The columns (factor-base indices) a relation has an odd number of times.
    private static func oddColumns(_ relation: SieveRelation) -> [Int] {
        var odd: [Int] = []
        for factor in relation.factors.sorted() {
            if odd.last == factor { odd.removeLast() } else { odd.append(factor) }
        }
        return odd
    }

    /// gcd(X − Y, N) for relations whose product is a square, if neither 1 nor N: X the
    /// product of their y, Y the square root of the product of their values, both worked out
    /// in `m`'s arithmetic modulo N.
    private static func divisor<Arithmetic: ModularArithmetic>(
        from relations: [SieveRelation], base: FactorBase, _ m: Arithmetic
    ) -> BigUInt? where Arithmetic.Number == BigUInt {
        var x = m.one
        var counts = [Int](repeating: 0, count: base.primes.count)
        var large: [UInt64: Int] = [:]
        for relation in relations {
            for y in relation.ys { x = m.multiply(x, m.residue(y)) }
            for factor in relation.factors { counts[factor] += 1 }
            for prime in relation.largePrimes { large[prime, default: 0] += 1 }
        }
        // Y: the primes multiplied in 64-bit words first, each word into Y.
        var y = m.one
        var word: UInt64 = 1
        func multiply(by prime: UInt64, times: Int) {
            for _ in 0..<times {
                let (product, overflow) = word.multipliedReportingOverflow(by: prime)
                if overflow {
                    y = m.multiply(y, m.residue(BigUInt(word)))
                    word = prime
                } else {
                    word = product
                }
            }
        }
        for index in 1..<counts.count where counts[index] > 0 {
            precondition(counts[index] % 2 == 0, "a dependency's product is not a square")
            multiply(by: UInt64(base.primes[index]), times: counts[index] / 2)
        }
        for (prime, count) in large {
            precondition(count % 2 == 0, "a large prime occurs an odd number of times")
            multiply(by: prime, times: count / 2)
        }
        y = m.multiply(y, m.residue(BigUInt(word)))
        let divisor = m.commonDivisor(m.subtract(x, y))
        return divisor != 1 && divisor != m.modulus ? divisor : nil
    }
}
