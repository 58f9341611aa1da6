/// How the self-initialising sieve works on a number of a given size: the primes in its factor
/// base, the sieve's length in blocks of `blockSize` bytes, how far above the factor base a
/// large prime may be, whether relations may keep two large primes, and how much below the
/// values' size a sieve position's logarithms may fall and still be divided out.
///
/// The figures were tuned on this project's 2-core machine, sweeping each against the time to
/// split products of two primes of equal size: a larger factor base finds each relation
/// sooner but needs more of them (and a larger matrix); a longer sieve wastes its ends, whose
/// values are largest. They follow the shape of msieve's and yafu's tables, which grow the base
/// about 1.4-fold every 10 bits past 150. Two large primes did not pay below 230 bits here:
/// the cycles they make come late, and the candidates they need cost more than they give.
struct SieveParameters: Equatable {
    /// The primes in the factor base (the sign and 2 counted).
    let primes: Int
    /// The sieve's length, 2M, in blocks.
    let blocks: Int
    /// A large prime is below this many times the factor base's largest prime.
    let largePrimeMultiplier: Int
    /// Whether a relation may keep two large primes (joined through cycles).
    let doubleLargePrimes: Bool
    /// With two large primes, the leftover a position may have, in logarithms of the bound.
    var doubleLargePrimeFactor = 1.4
    /// Primes below this are not sieved (the small-prime variation).
    var smallestSieved = 30
    /// Bits of the values' size a position may lack beyond what the large primes and the
    /// unsieved primes explain, and still be examined.
    var slack = 2.0

    /// The bytes of one block of the sieve: L1's size on the machines this runs on.
    static let blockSize = 32_768

    /// Half the sieve's length: x runs over [-M, M).
    var halfWidth: Int { blocks * Self.blockSize / 2 }

    /// The parameters for a number of `bits` bits.
    static func forBits(_ bits: Int) -> SieveParameters {
        let (primes, blocks, multiplier, double): (Int, Int, Int, Bool) =
            switch bits {
            case ..<110: (160, 1, 40, false)
            case ..<120: (220, 1, 40, false)
            case ..<130: (360, 1, 50, false)
            case ..<140: (450, 1, 60, false)
            case ..<150: (650, 1, 60, false)
            case ..<160: (900, 1, 70, false)
            case ..<170: (1_200, 1, 80, false)
            case ..<180: (1_800, 2, 80, false)
            case ..<190: (2_600, 4, 100, false)
            case ..<200: (3_500, 4, 100, false)
            case ..<210: (4_500, 6, 110, false)
            case ..<220: (6_000, 6, 120, false)
            case ..<230: (8_000, 8, 120, false)
            case ..<250: (11_000, 10, 128, true)
            default: (15_000, 12, 128, true)
            }
        return SieveParameters(
            primes: primes, blocks: blocks, largePrimeMultiplier: multiplier,
            doubleLargePrimes: double)
    }
}
