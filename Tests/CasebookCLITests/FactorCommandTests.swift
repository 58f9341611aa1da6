import CasebookTestSupport
import Foundation
import Testing

@Suite("casebook factor")
struct FactorCommandTests {
    static let gnuFactor = "/usr/bin/factor"
    static var hasGNUFactor: Bool { FileManager.default.isExecutableFile(atPath: gnuFactor) }

    @Test func factorsItsArgumentsOneLineEach() throws {
        let result = try CasebookExecutable.run(["factor", "12", "+7", "0", "1"])
        #expect(result.standardOutput == "12: 2 2 3\n7: 7\n0:\n1:\n")
        #expect(result.standardError == "")
        #expect(result.status == 0)
    }

    @Test func readsStandardInputWhenGivenNoNumbers() throws {
        let result = try CasebookExecutable.run(["factor"], input: "4 9\n\t18446744073709551615\n")
        #expect(
            result.standardOutput
                == "4: 2 2\n9: 3 3\n18446744073709551615: 3 5 17 257 641 65537 6700417\n")
        #expect(result.status == 0)
    }

    @Test func reportsEachInvalidArgumentCarriesOnAndFailsAtTheEnd() throws {
        let result = try CasebookExecutable.run(
            ["factor", "abc", "-5", "6", "1.5", "", "18446744073709551616"])
        #expect(result.standardOutput == "6: 2 3\n")
        #expect(
            result.standardError == """
                casebook factor: 'abc' is not a valid positive integer
                casebook factor: '-5' is not a valid positive integer
                casebook factor: '1.5' is not a valid positive integer
                casebook factor: '' is not a valid positive integer
                casebook factor: '18446744073709551616' is not a valid positive integer

                """)
        #expect(result.status == 1)
    }

    @Test func takesTheFirstDoubleDashAsTheEndOfOptionsLikeGNUFactor() throws {
        let result = try CasebookExecutable.run(["factor", "5", "--", "--", "3"])
        #expect(result.standardOutput == "5: 5\n3: 3\n")
        #expect(result.standardError == "casebook factor: '--' is not a valid positive integer\n")
        #expect(result.status == 1)
    }

    @Test func reportsInvalidTokensOnStandardInputAndFails() throws {
        let result = try CasebookExecutable.run(["factor"], input: "8 x9 10")
        #expect(result.standardOutput == "8: 2 2 2\n10: 2 5\n")
        #expect(result.standardError == "casebook factor: 'x9' is not a valid positive integer\n")
        #expect(result.status == 1)
    }

    @Test(.enabled(if: hasGNUFactor, "GNU coreutils factor is not installed"))
    func matchesGNUFactorByteForByteOnALongStream() throws {
        var generator = SplitMix64(seed: 2026)
        var numbers = (0...20000).map(String.init)
        numbers += (0..<5000).map { _ in String(generator.next()) }
        numbers += (0..<500).map { _ in String(generator.next() >> (generator.next() % 64)) }
        numbers += [
            "18446744073709551615", "18446744073709551557", "9223372036854775783",
            "18446744030759878681", "10345637057649571009", "3825123056546413051",
        ]
        let input = numbers.joined(separator: "\n") + "\n"
        let ours = try CasebookExecutable.run(["factor"], input: input)
        let gnu = try Self.runGNUFactor(input: input)
        #expect(ours.status == 0)
        #expect(ours.standardOutput == gnu, "casebook factor differs from GNU factor")
    }

    private static func runGNUFactor(input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuFactor)
        let inputFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("gnu-factor-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let output = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
