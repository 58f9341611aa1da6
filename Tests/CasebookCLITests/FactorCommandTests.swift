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

    @Test func itsHelpSaysNumbersOfAnySizeAreTaken() throws {
        let result = try CasebookExecutable.run(["factor", "--help"])
        let help = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
        #expect(help.contains("Numbers are non-negative integers of any size"))
        #expect(!help.contains("18446744073709551615"))
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
            ["factor", "--", "abc", "-5", "6", "1.5", "", "18446744073709551616x"])
        #expect(result.standardOutput == "6: 2 3\n")
        #expect(
            result.standardError == """
                casebook factor: 'abc' is not a valid positive integer
                casebook factor: '-5' is not a valid positive integer
                casebook factor: '1.5' is not a valid positive integer
                casebook factor: '' is not a valid positive integer
                casebook factor: '18446744073709551616x' is not a valid positive integer

                """)
        #expect(result.status == 1)
    }

    /// Before `--`, an argument that starts with `-` is an option, as GNU's getopt reads it: one
    /// `factor` does not have is refused as GNU refuses it, before anything is factored (the
    /// `-` alone is a number to read, and after `--` `-5` is one too).
    @Test(arguments: [
        (["6", "-12"], "invalid option -- '1'"), (["--x=3", "6"], "unrecognized option '--x=3'"),
        (["6", "-5", "--", "7"], "invalid option -- '5'"),
    ])
    func anOptionFactorDoesNotHaveIsRefusedAsGNURefusesIt(arguments: [String], refusal: String)
        throws
    {
        let result = try CasebookExecutable.run(["factor"] + arguments)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "casebook factor: \(refusal)\n"
                + "Try 'casebook factor --help' for more information.\n")
        #expect(result.status == 1)
    }

    /// `-` alone is no option but a token, which is not a number: reported, and factoring
    /// carries on, as GNU's getopt and `factor` do.
    @Test func aDashAloneIsATokenNotAnOption() throws {
        let result = try CasebookExecutable.run(["factor", "6", "-", "7"])
        #expect(result.standardOutput == "6: 2 3\n7: 7\n")
        #expect(result.standardError == "casebook factor: '-' is not a valid positive integer\n")
        #expect(result.status == 1)
    }

    /// An argument is bytes, not text: one that is not UTF-8 is shown byte for byte, as GNU
    /// `factor` shows it in the C locale, never as the replacement character's bytes, on the
    /// fast path for plain numbers and through the parser (after `--`) alike.
    @Test(arguments: [false, true])
    func showsAnArgumentThatIsNotUTF8ByteForByte(afterDoubleDash: Bool) throws {
        let arguments: [[UInt8]] =
            (afterDoubleDash ? [Array("--".utf8)] : [])
            + [[0x78, 0x80, 0x79], Array("6".utf8), [0xFF, 0x27], Array("x\u{FFFD}".utf8)]
        let result = try CasebookExecutable.run(rawArguments: [Array("factor".utf8)] + arguments)
        #expect(result.standardOutput == "6: 2 3\n")
        #expect(
            result.standardError == """
                casebook factor: 'x\\200y' is not a valid positive integer
                casebook factor: '\\377\\'' is not a valid positive integer
                casebook factor: 'x\\357\\277\\275' is not a valid positive integer

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
        let gnu = try Self.runGNUFactor(input: Data(input.utf8))
        #expect(ours.status == 0)
        #expect(ours.standardOutput == gnu.output, "casebook factor differs from GNU factor")
    }

    /// Bytes no number holds (NUL, invalid UTF-8, control characters, a 100,000-digit token)
    /// give what GNU `factor` gives: the same lines, messages and exit status.
    @Test(
        .enabled(if: hasGNUFactor, "GNU coreutils factor is not installed"),
        arguments: [
            [0x31, 0x32, 0x00, 0x0A], [0x31, 0x00, 0x32, 0x20, 0x35, 0x0A], [0x00, 0x0A, 0x37],
            [0xFF, 0xFE, 0x20, 0x36], [0x01, 0x7F, 0x1B, 0x20, 0x38, 0x0A],
            [0xC3, 0xA9, 0x20, 0x78, 0xE2, 0x82, 0xAC, 0x5C, 0x0A],
            Array(repeating: 0x61, count: 100_000) + [0x0A, 0x34],
        ] as [[UInt8]])
    func hostileBytesGiveWhatGNUFactorGives(bytes: [UInt8]) throws {
        let ours = try CasebookExecutable.run(["factor"], inputData: Data(bytes))
        let gnu = try Self.runGNUFactor(input: Data(bytes))
        #expect(ours.standardOutput == gnu.output)
        #expect(ours.status == gnu.status)
        #expect(
            ours.standardError.replacingOccurrences(of: "casebook factor: ", with: "")
                == gnu.errors.replacingOccurrences(of: "\(Self.gnuFactor): ", with: ""))
    }

    /// GNU `factor` in the C locale, with files for its streams (a pipe could fill and stall).
    private static func runGNUFactor(input: Data) throws -> (
        output: String, errors: String, status: Int32
    ) {
        let directory = try TemporaryDirectory()
        let streams = ["in", "out", "err"].map(directory.appending)
        try input.write(to: streams[0])
        for url in streams.dropFirst() { try Data().write(to: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuFactor)
        process.environment = ["LC_ALL": "C"]
        process.standardInput = try FileHandle(forReadingFrom: streams[0])
        process.standardOutput = try FileHandle(forWritingTo: streams[1])
        process.standardError = try FileHandle(forWritingTo: streams[2])
        try ProcessLaunch.runToExit(process)
        return (
            try String(contentsOf: streams[1], encoding: .utf8),
            String(decoding: try Data(contentsOf: streams[2]), as: UTF8.self),
            process.terminationStatus
        )
    }
}
