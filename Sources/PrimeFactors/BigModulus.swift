import BigInt

/// Arithmetic modulo an odd number of any size, with plain remainders: for the numbers beyond
/// 128 bits, where `BigUInt` allocates for every product anyway.
struct BigModulus: ModularArithmetic {
    let modulus: BigUInt
    var zero: BigUInt { 0 }
    var one: BigUInt { 1 }

    init(_ modulus: BigUInt) {
        precondition(modulus & 1 == 1 && modulus > 1, "the modulus must be odd")
        self.modulus = modulus
    }

    func residue(_ value: BigUInt) -> BigUInt { value % modulus }
    func value(_ residue: BigUInt) -> BigUInt { residue }
    func multiply(_ a: BigUInt, _ b: BigUInt) -> BigUInt { (a * b) % modulus }
    func add(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        let sum = a + b
        return sum >= modulus ? sum - modulus : sum
    }
    func subtract(_ a: BigUInt, _ b: BigUInt) -> BigUInt { a >= b ? a - b : a + modulus - b }
}
