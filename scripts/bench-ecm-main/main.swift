// The timing loop of scripts/bench-ecm, compiled with PrimeFactors' own sources (its internal
// EllipticCurveMethod is what is measured, without the command's start, input or output).
// Usage: bench-ecm-loop COUNT SEED OUTPUT — writes the products to OUTPUT, one a line, and
// prints "<µs per product> <curves per product> <share of products split by p − 1>" (the curves
// counted as if p − 1 had not run; the first cheap curve counts as one).
#if canImport(Glibc)
    import Glibc
#endif

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let arguments = CommandLine.arguments
let count = Int(arguments[1])!
var random = SplitMix(state: UInt64(arguments[2])!)
func randomPrime() -> UInt64 {
    while true {
        let candidate = random.next() >> 32 | 1 << 31 | 1
        if PrimalityTest.isPrime(candidate) { return candidate }
    }
}
let products = (0..<count).map { _ in randomPrime() * randomPrime() }
let file = fopen(arguments[3], "w")!
for product in products { fputs("\(product)\n", file) }
fclose(file)

var curves = 0
var splitByPMinusOne = 0
for product in products {
    let m = MontgomeryModulus(product)
    if EllipticCurveMethod.attempt(m, sigma: 6, plan: EllipticCurveMethod.quickPlan) != nil {
        curves += 1
        continue
    }
    if PollardPMinusOne.divisor(of: product) != nil { splitByPMinusOne += 1 }
    var sigma: UInt64 = 7
    while EllipticCurveMethod.attempt(m, sigma: sigma) == nil { sigma += 1 }
    curves += Int(sigma) - 5
}
var rounds: [Double] = []
var checksum: UInt64 = 0
for _ in 0..<5 {
    let start = seconds()
    for product in products { checksum &+= EllipticCurveMethod.divisor(of: product)! }
    rounds.append((seconds() - start) / Double(count) * 1e6)
}
rounds.sort()
print(
    rounds[2], Double(curves) / Double(count), Double(splitByPMinusOne) / Double(count),
    checksum == 0 ? "" : "")
