/// How far the quadratic sieve is with a number: what it is doing, and the relations it has
/// of those it needs, as `casebook factor` shows on a terminal for work of over a second.
public struct SieveProgress: Sendable, Equatable {
    public enum Stage: Sendable, Equatable {
        /// Sieving polynomials for relations.
        case sieving
        /// Finding the sets of relations whose product is a square, and the divisor.
        case linearAlgebra
    }

    public let stage: Stage
    /// The number's bits.
    public let bits: Int
    /// Relations found: full ones, and those made of partial ones through cycles.
    public let found: Int
    /// Relations needed: the factor base's size and a few more.
    public let needed: Int
    /// Polynomials sieved so far.
    public let polynomials: Int
    /// Time since the sieve began on the number.
    public let elapsed: Duration

    public init(
        stage: Stage, bits: Int, found: Int, needed: Int, polynomials: Int,
        elapsed: Duration = .zero
    ) {
        self.stage = stage
        self.bits = bits
        self.found = found
        self.needed = needed
        self.polynomials = polynomials
        self.elapsed = elapsed
    }

    /// The time the sieve still needs, from its rate so far; nil before it has a relation.
    public var remaining: Duration? {
        guard stage == .sieving, found > 0 else { return nil }
        return elapsed * (Double(max(0, needed - found)) / Double(found))
    }
}
