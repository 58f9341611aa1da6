/// The quadratic sieve's relations X² ≡ (Y-side squares)² · (product of factor-base primes)
/// (mod N): the values the sieve marked, divided out by the factor base; those left with one
/// prime above it (the large prime) wait for a second with the same one, and the two together
/// make a relation (the large prime squared on the Y side).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct RelationCollector {
    struct Relation {
        /// X modulo N.
        var x: UInt128
        /// Indices into the factor base, each as many times as its prime divides the value.
        var factors: [Int]
        /// Numbers whose squares are part of the value's product: each polynomial's q, each
        /// large prime.
        var squares: [UInt128]
    }

    let n: UInt128
    let base: FactorBase
    /// Values left with a prime below this (and above the factor base) are kept.
    let largePrimeBound: UInt128
    var relations: [Relation] = []
    private var waiting: [UInt128: Relation] = [:]
    /// Arithmetic modulo N (odd), made once for the relations' products.
    private let arithmetic: Montgomery128

    init(n: UInt128, base: FactorBase) {
        self.n = n
        self.base = base
        arithmetic = Montgomery128(n)
        largePrimeBound = UInt128(base.primes.last!) &* 64
    }

    /// Divides the value at x out by the factor base, the primes whose roots say they divide it
    /// (`first` and `second`: x's sieve position modulo each prime at a root), and keeps it if
    /// what is left is 1 or one large prime.
    mutating func examine(
        x: Int, polynomial: QuadraticPolynomial, position: Int, first: [Int], second: [Int]
    ) {
        var value = polynomial.value(at: x)
        if value == 0 { return }
        var factors: [Int] = []
        if value < 0 {
            factors.append(0)
            value = -value
        }
        var rest = UInt128(value)
        while rest & 1 == 0 {
            rest >>= 1
            factors.append(1)
        }
        // The primes whose roots say they divide it, found with a multiplication each (a
        // division per prime of the base took a fifth of the sieve's time).
        var dividing: [Int] = []
        base.primes.withUnsafeBufferPointer { primes in
            base.reciprocals.withUnsafeBufferPointer { reciprocals in
                first.withUnsafeBufferPointer { first in
                    second.withUnsafeBufferPointer { second in
                        for index in 2..<primes.count {
                            let offset = FactorBase.remainder(
                                position, of: primes[index], reciprocal: reciprocals[index])
                            if offset == first[index] || offset == second[index] || first[index] < 0
                            {
                                dividing.append(index)
                            }
                        }
                    }
                }
            }
        }
        for index in dividing {
            let p = UInt128(base.primes[index])
            while true {
                let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: p)
                if remainder != 0 { break }
                rest = quotient
                factors.append(index)
            }
        }
        let root = polynomial.root(at: x) % n
        if rest == 1 {
            relations.append(Relation(x: root, factors: factors, squares: [polynomial.q]))
        } else if rest < largePrimeBound {
            let relation = Relation(x: root, factors: factors, squares: [polynomial.q])
            if let other = waiting.removeValue(forKey: rest) {
                relations.append(
                    Relation(
                        x: product(relation.x, other.x),
                        factors: relation.factors + other.factors,
                        squares: relation.squares + other.squares + [rest]))
            } else {
                waiting[rest] = relation
            }
        }
    }

    /// A divisor of N from the sets of relations whose products are squares, or nil if each
    /// set gave only 1 or N.
    func divisor() -> UInt128? {
        var matrix = ParityMatrix(columns: base.primes.count)
        // A row keeps each column it is given an odd number of times: factors go in as they are.
        for relation in relations { matrix.append(columns: relation.factors) }
        let m = arithmetic
        for dependency in matrix.dependencies() {
            // X and Y kept in Montgomery form while they are multiplied up, converted once.
            var xResidue = m.one
            var yResidue = m.one
            var counts = [Int](repeating: 0, count: base.primes.count)
            for row in dependency {
                xResidue = m.multiply(xResidue, m.residue(relations[row].x))
                for factor in relations[row].factors { counts[factor] += 1 }
                for square in relations[row].squares {
                    yResidue = m.multiply(yResidue, m.residue(square))
                }
            }
            for index in 1..<counts.count where counts[index] > 0 {
                let prime = m.residue(UInt128(base.primes[index]))
                yResidue = m.multiply(yResidue, m.power(prime, UInt128(counts[index] / 2)))
            }
            let (x, y) = (m.value(xResidue), m.value(yResidue))
            let difference = x >= y ? x - y : n - (y - x)
            let divisor = WideNumbers.greatestCommonDivisor(difference, n)
            if divisor != 1 && divisor != n { return divisor }
        }
        return nil
    }

    /// a·b mod N, for a and b below N.
    private func product(_ a: UInt128, _ b: UInt128) -> UInt128 {
        arithmetic.value(arithmetic.multiply(arithmetic.residue(a), arithmetic.residue(b)))
    }
}
