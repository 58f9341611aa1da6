import BigInt

/// Factoring numbers wider than 64 bits: small primes by trial division, then parts split by
/// the elliptic-curve method (or the quadratic sieve) until each is prime. A part that fits in
/// 64 bits goes to the 64-bit code (`appendPrimeFactors`); one that fits in 128 bits to
/// Montgomery arithmetic on `UInt128`; only larger ones are worked on as `BigUInt`.
enum WideFactorization {
    /// Primes below this are found by trial division.
    static let trialDivisionBound = 1 << 14

    /// The odd primes below `trialDivisionBound`, which trial division tries in turn.
    static let smallPrimes: [Int] = {
        var isComposite = [Bool](repeating: false, count: trialDivisionBound)
        var primes: [Int] = []
        for candidate in 3..<trialDivisionBound where !isComposite[candidate] {
            if candidate % 2 == 0 { continue }
            primes.append(candidate)
            for multiple in stride(
                from: candidate * candidate, to: trialDivisionBound, by: candidate)
            {
                isComposite[multiple] = true
            }
        }
        return primes
    }()

    /// The prime factors of `n`, ascending, with multiplicity.
    static func factors(of n: BigUInt, options: FactoringOptions = FactoringOptions())
        -> [BigUInt]
    {
        if let word = UInt64(exactly: n) {
            return primeFactors(of: word).map { BigUInt($0) }
        }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let doubleWord = UInt128(exactly: n)
        {
            return factors(of: doubleWord).map { BigUInt($0) }
        }
        return appendFactors(of: n) { part in
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
                let doubleWord = UInt128(exactly: part)
            {
                return .factors(factors(of: doubleWord).map { BigUInt($0) })
            }
            if part.bitWidth <= 256 {
                let arithmetic = Montgomery256(part)
                if WidePrimality.isPrime(arithmetic) { return .prime }
                return split(part, arithmetic, options: options)
            }
            let arithmetic = BigModulus(part)
            if WidePrimality.isPrime(arithmetic) { return .prime }
            return split(part, arithmetic, options: options)
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func factors(of n: UInt128, options: FactoringOptions = FactoringOptions())
        -> [UInt128]
    {
        if let word = UInt64(exactly: n) {
            return primeFactors(of: word).map { UInt128($0) }
        }
        return appendFactors(of: n) { examine($0, options: options) }
    }

    /// What is known of a part of 65 to 128 bits with no factor below the trial-division bound:
    /// prime, a perfect power, or a divisor found by the elliptic-curve method, or above
    /// `sieveAbove` bits by the curves' first levels and else the quadratic sieve (the curves go
    /// on if the sieve gave up; it never has).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func examine(_ part: UInt128, options: FactoringOptions = FactoringOptions())
        -> Part<UInt128>
    {
        examine(
            part, curves: { WideEllipticCurves.divisor($0, levels: $1) },
            sieve: { part in
                guard selfInitialisingSieve(bits: part.significantBitCount) else {
                    return QuadraticSieve.divisor(of: part)
                }
                return SelfInitialisingSieve.divisor(
                    of: BigUInt(part), threads: options.threads, progress: options.progress
                ).flatMap { UInt128(exactly: $0) }
            }, allCurves: { WideEllipticCurves.divisor($0) })
    }

    /// Whether a part of `bits` bits goes to the self-initialising sieve rather than the
    /// multiple-polynomial one: past 108 bits, where it is faster on one thread (measured on
    /// batches of products of two primes of equal size: 9% less time at 110 bits, 6% at 120,
    /// 15% at 124) and runs on every thread (20 and 29% less at 110 and 120 bits on two);
    /// below, the other's simpler start costs less (20 to 25% at 100 and 105 bits).
    static func selfInitialisingSieve(bits: Int) -> Bool {
        bits > 108
    }

    /// `examine(_:)` with its methods given: `curves` for the first levels' curves, `sieve`, and
    /// `allCurves` for every level's, so that a test can see which it asks. Inlined, so the
    /// plain call still calls the methods directly.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @inline(__always)
    static func examine(
        _ part: UInt128, curves: (Montgomery128, _ levels: Int) -> UInt128?,
        sieve: (UInt128) -> UInt128?, allCurves: (Montgomery128) -> UInt128
    ) -> Part<UInt128> {
        let arithmetic = Montgomery128(part)
        if WidePrimality.isPrime(arithmetic) { return .prime }
        if let (root, exponent) = perfectPower(part) {
            return .power(root, exponent)
        }
        let bits = part.significantBitCount
        if bits > sieveAbove {
            if let divisor = curves(arithmetic, curveLevelsBeforeSieve) {
                return .divisor(divisor)
            }
            if let divisor = sieve(part) { return .divisor(divisor) }
        }
        return .divisor(allCurves(arithmetic))
    }

    /// Composites wider than this go to the quadratic sieve (after a few cheap curves): from
    /// two factors of about 43 bits each, it splits them faster than the curves do on average
    /// (measured on products of two primes of equal size, one thread: 1.14 ms against 1.19 at
    /// 86 bits, 1.39 against 1.67 at 90), and in a time that depends on the number's size
    /// alone (the curves' depends on luck).
    static let sieveAbove = 86

    /// How many of the curves' levels to try before the sieve on a part wider than `sieveAbove`:
    /// the first, a fifth or so of the sieve's time on a number of this size (measured, 128-bit
    /// arithmetic: its 10 curves take 0.4 ms; the sieve 2.3 ms at 100 bits, 9 ms at 120). What
    /// it finds (factors to about 40 bits) it finds sooner than the sieve would; on a product
    /// of two primes of equal size it finds nothing, and the time is lost. The second level (20
    /// curves, 2 ms) cost more than it saved even at 120 bits (10.4 ms against 9.5 each).
    static let curveLevelsBeforeSieve = 1

    /// How many of the curves' levels to try before the sieve on a part past 128 bits: a
    /// tenth or so of the sieve's time on a number of this size, for the factors they find
    /// sooner than it would.
    static func curveLevelsBeforeWideSieve(bits: Int) -> Int {
        switch bits {
        case ..<150: 1
        case ..<180: 2
        case ..<220: 3
        default: 4
        }
    }

    /// What is known of a part with no small factor.
    enum Part<Number: Equatable>: Equatable {
        case prime
        case divisor(Number)
        /// Its factors, found by narrower arithmetic.
        case factors([Number])
        /// It is `root^exponent`.
        case power(Number, Int)
    }

    /// The factors of `n` (more than 64 bits wide): trial division, then `examine` on each part
    /// left, until every part is prime.
    static func appendFactors<Number: WideNumber>(
        of n: Number, examine: (Number) -> Part<Number>
    ) -> [Number] {
        var factors: [Number] = []
        var n = n
        let twos = n.trailingZeroBitCount
        factors.append(contentsOf: repeatElement(2, count: twos))
        n >>= twos
        // Every small prime squared is below 2^28: while n is wider than 64 bits, none passes
        // its square root; once n fits in 64 bits, the 64-bit code takes over.
        for prime in smallPrimes {
            if n.significantBitCount <= 64 { break }
            while n.remainder(dividingBy: UInt64(prime)) == 0 {
                factors.append(Number(prime))
                n /= Number(prime)
            }
        }
        // A part that fits in 64 bits (1 included) goes to the 64-bit code: only wider ones, with
        // no factor below the trial-division bound, are examined.
        var unsplit = [n]
        while let part = unsplit.popLast() {
            if let word = UInt64(exactly: part) {
                factors.append(contentsOf: primeFactors(of: word).map { Number($0) })
                continue
            }
            switch examine(part) {
            case .prime: factors.append(part)
            case .divisor(let divisor):
                unsplit.append(divisor)
                unsplit.append(part / divisor)
            case .factors(let found): factors.append(contentsOf: found)
            case .power(let root, let exponent):
                unsplit.append(contentsOf: repeatElement(root, count: exponent))
            }
        }
        return factors.sorted()
    }

    /// `part` as `root^exponent` with the largest exponent, if it is a perfect power: neither
    /// the curves nor the sieve split a power of one large prime quickly. Every prime factor is at
    /// least the trial-division bound (2^14), so no exponent exceeds the bits over 14.
    static func perfectPower<Number: WideNumber>(_ part: Number) -> (Number, Int)? {
        let bits = part.significantBitCount
        var exponent = bits / 14
        while exponent >= 2 {
            let root = WideNumbers.root(part, exponent)
            if (0..<exponent).reduce(Number(1), { product, _ in product * root }) == part {
                return (root, exponent)
            }
            exponent -= 1
        }
        return nil
    }

    /// A composite past 128 bits with no factor below the trial-division bound: a perfect
    /// power, or split by the first levels' curves and else the self-initialising sieve (up to
    /// `sieveBelow` bits), or by the curves for as long as it takes.
    private static func split<Arithmetic: ModularArithmetic>(
        _ part: BigUInt, _ m: Arithmetic, options: FactoringOptions
    ) -> Part<BigUInt> where Arithmetic.Number == BigUInt {
        if let (root, exponent) = perfectPower(part) {
            return .power(root, exponent)
        }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            part.bitWidth < sieveBelow
        {
            let levels = curveLevelsBeforeWideSieve(bits: part.bitWidth)
            if let divisor = WideEllipticCurves.divisor(m, levels: levels, threads: options.threads)
            {
                return .divisor(divisor)
            }
            if let divisor = SelfInitialisingSieve.divisor(
                of: part, threads: options.threads, progress: options.progress)
            {
                return .divisor(divisor)
            }
        }
        return .divisor(WideEllipticCurves.divisor(m))
    }

    /// Parts this wide and wider go to the curves alone: the sieve's time past it (hours on
    /// this machine) is beyond what anyone waits for, and the curves may yet find a factor
    /// of moderate size.
    static let sieveBelow = 300
}
