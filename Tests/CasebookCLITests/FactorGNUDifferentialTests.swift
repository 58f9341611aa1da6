import BigInt
import CasebookTestSupport
import Foundation
import PrimeFactors
import Testing

/// `casebook factor` against GNU `factor` itself on thousands of numbers from 2^64 to 2^200:
/// products of small primes and one large prime, prime powers, Carmichael numbers, Fermat and
/// Mersenne numbers, numbers just around 2^64, 2^127, 2^128 and 2^192. Fed through standard
/// input in one stream, so that GNU's order of lines (its 512-byte buffer for numbers below
/// 2^127, at once for larger ones) is compared too. GNU answers each within a second, but for
/// the products of the largest primes (up to 8 s here, proving them prime).
///
/// GNU takes about half a minute over all of them, so the whole set runs only from
/// `scripts/factor-vs-gnu` (`CASEBOOK_FACTOR_VS_GNU=all`); the test command runs one input in
/// twenty (`CASEBOOK_FACTOR_VS_GNU=sample`, as `scripts/factor-vs-gnu --smoke` does) with the
/// other Swift tests, and pins GNU's order of lines in `WideFactorStreamTests` too.
@Suite("casebook factor against GNU factor beyond 64 bits")
struct FactorGNUDifferentialTests {
    static let gnuFactor = "/usr/bin/factor"
    /// Whether to run every input (`CASEBOOK_FACTOR_VS_GNU=all`), one in twenty (`sample`) or none.
    static let mode = ProcessInfo.processInfo.environment["CASEBOOK_FACTOR_VS_GNU"]
    static let everyInput = mode == "all"
    static let enabled =
        (mode == "all" || mode == "sample")
        && FileManager.default.isExecutableFile(atPath: gnuFactor)

    /// Primes of 40 to 139 bits (made with Miller–Rabin to 20 bases; GNU checks them here).
    static let largePrimes: [BigUInt] = [
        "1066704617941", "6904076093501", "51133376456803", "284771135443117",
        "3846690433271263", "25616527807965383", "212673278232516791", "1665810361335355357",
        "14694627671503521281", "125712922074875608237", "1109423169257186645737",
        "7648058977593039283567", "54432453962532301681741", "455461230720965239495519",
        "3162360266216782670802787", "25819531477960177009904167",
        "298569149520602851365508447", "1551754750792333191308907671",
        "19518450380348637381377349257", "103772269868936520453038411201",
        "775471406832701695369848533303", "5262582005503378532271393351023",
        "45710560293556362301465526344957", "508014464604179284013635218931027",
        "5192045908920924354826536641133733", "36265861346971848380119705797731677",
        "268794546989790355628583147418673363", "2535097145224681215342501514071673903",
        "20890229027877023716956385178211831619", "160805981889515383718225966924125602299",
        "1025606944362453229931806346948328907541", "6736140679315855912492747079032944902827",
        "86798597885475512798334793307128651763177",
        "492777850638748896808062803141638251270043",
    ].map { BigUInt($0)! }

    /// 2^k + s for which GNU `factor` 9.1 answers within 0.3 s here.
    static let fermatAndMersenne: [(Int, Int)] = FermatAndMersenne.fast

    static func smallPrime(bits: Int, _ generator: inout SplitMix64) -> UInt64 {
        var candidate = generator.next() >> (64 - bits) | 1 << (bits - 1) | 1
        while primeFactors(of: candidate) != [candidate] { candidate += 2 }
        return candidate
    }

    static func inputs() -> [String] {
        var generator = SplitMix64(seed: 20_261_122)
        var numbers: [BigUInt] = []
        let lower = BigUInt(1) << 64
        // A smooth part (primes of 10 to 32 bits) and a large prime.
        while numbers.count < 1_400 {
            // Mostly below 2^128; one in eight beyond (slower in a debug build).
            let choices = generator.next() % 8 == 0 ? largePrimes.count : 29
            var n = largePrimes[Int(generator.next() % UInt64(choices))]
            for _ in 0..<Int(generator.next() % 4) {
                n *= BigUInt(smallPrime(bits: 10 + Int(generator.next() % 23), &generator))
            }
            if n >= lower && n.bitWidth <= 200 { numbers.append(n) }
        }
        // Prime powers, of primes of 5 to 36 bits: GNU's rho takes a second over the fourth
        // power of a prime of 40 bits.
        for _ in 0..<200 {
            let p = BigUInt(smallPrime(bits: 5 + Int(generator.next() % 32), &generator))
            var power = p
            while power < lower { power *= p }
            while power.bitWidth <= 200 && generator.next() % 3 != 0 { power *= p }
            if power.bitWidth <= 200 { numbers.append(power) }
        }
        // Chernick's Carmichael numbers (6k+1)(12k+1)(18k+1) beyond 2^64.
        var k: UInt64 = 1 << 19
        var carmichael = 0
        while carmichael < 100 {
            let factors = [6 * k + 1, 12 * k + 1, 18 * k + 1]
            if factors.allSatisfy({ primeFactors(of: $0) == [$0] }) {
                numbers.append(factors.map { BigUInt($0) }.reduce(1, *))
                carmichael += 1
            }
            k += 1 + generator.next() % 64
        }
        for (exponent, offset) in fermatAndMersenne {
            let power = BigUInt(1) << exponent
            numbers.append(offset < 0 ? power - BigUInt(-offset) : power + BigUInt(offset))
        }
        for (exponent, offset) in FermatAndMersenne.aroundPowers {
            let power = BigUInt(1) << exponent
            numbers.append(offset < 0 ? power - BigUInt(-offset) : power + BigUInt(offset))
        }
        var tokens = numbers.map { "\($0)" }
        // Leading zeros and a plus, as GNU reads them, and some that are not numbers.
        tokens += ["+18446744073709551617", "000000340282366920938463463374607431768211455"]
        tokens += ["18446744073709551617x", "1e30", "-340282366920938463463374607431768211455"]
        tokens.shuffle(using: &generator)
        return everyInput
            ? tokens : tokens.enumerated().filter { $0.offset % 20 == 0 }.map(\.element)
    }

    @Test(.enabled(if: enabled))
    func everyLineAndItsOrderIsGNUsByteForByte() throws {
        let tokens = Self.inputs()
        #expect(tokens.count > (Self.everyInput ? 1_900 : 95))
        let input = tokens.joined(separator: "\n") + "\n"
        let ours = try CasebookExecutable.run(["factor"], input: input)
        let theirs = try GNUFactor.run(input: input, environment: ["LC_ALL": "C"])
        let invalid = tokens.filter { $0.contains { !$0.isNumber && $0 != "+" } }.count
        #expect(ours.standardOutput.split(separator: "\n").count == tokens.count - invalid)
        guard ours.standardOutput != theirs else { return }
        let mine = ours.standardOutput.split(separator: "\n")
        let gnu = theirs.split(separator: "\n")
        let first =
            zip(mine, gnu).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(mine.count, gnu.count)
        Issue.record(
            "line \(first + 1) differs: casebook \(first < mine.count ? String(mine[first]) : "(none)"), GNU \(first < gnu.count ? String(gnu[first]) : "(none)")"
        )
    }

    @Test(.enabled(if: enabled))
    func asArgumentsToo() throws {
        let tokens = Array(Self.inputs().prefix(Self.everyInput ? 300 : 15))
        let ours = try CasebookExecutable.run(["factor", "--"] + tokens)
        let theirs = try GNUFactor.run(arguments: ["--"] + tokens, environment: ["LC_ALL": "C"])
        #expect(ours.standardOutput == theirs)
    }
}
