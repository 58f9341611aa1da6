/// Arithmetic modulo one odd number, for the factoring methods that work on numbers of any
/// width (`WidePrimality`, `WideEllipticCurves`): Montgomery form for 128-bit numbers
/// (`Montgomery128`), plain remainders for larger ones (`BigModulus`). Residues are whatever
/// the arithmetic keeps; `residue` and `value` convert.
protocol ModularArithmetic {
    associatedtype Number: WideNumber
    associatedtype Residue: Equatable

    /// The odd modulus, greater than 1.
    var modulus: Number { get }
    var zero: Residue { get }
    var one: Residue { get }
    func residue(_ value: Number) -> Residue
    func value(_ residue: Residue) -> Number
    func multiply(_ a: Residue, _ b: Residue) -> Residue
    func add(_ a: Residue, _ b: Residue) -> Residue
    func subtract(_ a: Residue, _ b: Residue) -> Residue
    /// `a / 2`, which exists because the modulus is odd.
    func half(_ a: Residue) -> Residue
    /// The greatest common divisor of the residue's value and the modulus.
    func commonDivisor(_ a: Residue) -> Number
}

extension ModularArithmetic {
    func square(_ a: Residue) -> Residue { multiply(a, a) }

    /// `base^exponent`.
    func power(_ base: Residue, _ exponent: Number) -> Residue {
        var result = one
        var bit = exponent.significantBitCount - 1
        while bit >= 0 {
            result = multiply(result, result)
            if (exponent >> bit) & 1 == 1 { result = multiply(result, base) }
            bit -= 1
        }
        return result
    }

    func residue(small: Int) -> Residue {
        small >= 0
            ? residue(Number(small) % modulus)
            : subtract(zero, residue(Number(-small) % modulus))
    }

    /// The greatest common divisor of the residue's value and the modulus.
    func commonDivisor(_ a: Residue) -> Number {
        WideNumbers.greatestCommonDivisor(value(a), modulus)
    }
}

extension ModularArithmetic where Residue == Number {
    /// `a / 2` for the arithmetics whose residues are numbers below the modulus (`UInt64`,
    /// `UInt128`, `BigUInt`): (a + n) / 2 when a is odd, without the sum overflowing.
    func half(_ a: Residue) -> Residue {
        a & 1 == 0 ? a >> 1 : (a >> 1) + (modulus >> 1) + 1
    }
}
