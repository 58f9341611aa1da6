import CasebookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `casebook factor` past 128 bits, where the self-initialising sieve splits what the curves
/// do not: the same line on any number of threads, `--threads` bounded, and on a terminal's
/// standard error a progress line for a number that takes over a second — nothing of it in a
/// pipe.
@Suite("casebook factor with the quadratic sieve")
struct FactorSieveCommandTests {
    /// A product of two primes of equal size: 160 bits.
    static let n160 = "743110269655371470057274165228115443369499356373"
    static let line160 =
        "\(n160): 670992498609891138739607 1107479250803679907393139\n"

    @Test(arguments: [["--threads", "1"], ["--threads", "3"], []])
    func splitsAProductOfTwoLargePrimesOnAnyNumberOfThreads(options: [String]) throws {
        let result = try CasebookExecutable.run(["factor"] + options + [Self.n160])
        #expect(result.standardOutput == Self.line160)
        #expect(result.standardError == "")
        #expect(result.status == 0)
    }

    @Test(arguments: ["0", "1025", "many"])
    func refusesAThreadCountOutOfRange(threads: String) throws {
        let result = try CasebookExecutable.run(["factor", "--threads", threads, "12"])
        #expect(result.status != 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("threads"))
    }

    /// What `casebook factor --threads 2 n160` shows on a terminal as its standard error, with
    /// `CASEBOOK_PROGRESS_DELAY` set to `delay`, and its standard output.
    static func onATerminal(delay: String) throws -> (shown: String, line: String) {
        var master: Int32 = 0
        var terminal: Int32 = 0
        #expect(openpty(&master, &terminal, nil, nil, nil) == 0)
        let process = Process()
        process.executableURL = CasebookExecutable.url
        process.arguments = ["factor", "--threads", "2", Self.n160]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["CASEBOOK_PROGRESS_DELAY": delay], uniquingKeysWith: { $1 })
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        try ProcessLaunch.run(process)
        close(terminal)
        var shown: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            shown += buffer[..<count]
        }
        close(master)
        ProcessLaunch.waitForExit(process)
        let line = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (String(decoding: shown, as: UTF8.self), line)
    }

    /// On a terminal, a number the sieve works on for longer than `CASEBOOK_PROGRESS_DELAY`
    /// seconds (one by default; git's `GIT_PROGRESS_DELAY` is two) shows a line on standard error
    /// that says what it does, rewritten in place, and taken away at the end.
    @Test func showsItsProgressOnATerminal() throws {
        let (shown, line) = try Self.onATerminal(delay: "0")
        #expect(line == Self.line160)
        #expect(shown.hasPrefix("\r\u{1B}[Kcasebook factor: quadratic sieve, 160-bit number: "))
        #expect(shown.contains(" relations, "))
        #expect(shown.hasSuffix("\r\u{1B}[K"))
    }

    /// Two seconds: twenty times what the number takes here, and a line at once were the
    /// delay read in any smaller unit.
    @Test func aNumberFactoredBeforeTheDelayShowsNoLine() throws {
        let (shown, line) = try Self.onATerminal(delay: "2")
        #expect(line == Self.line160)
        #expect(shown == "")
    }

    /// Empty, the delay is the default one; leading zeros are read as GNU reads numbers.
    @Test(arguments: ["", "0000", "3600"])
    func takesADelayFromNoneToAnHour(delay: String) throws {
        let result = try CasebookExecutable.run(
            ["factor", "12"], environment: ["CASEBOOK_PROGRESS_DELAY": delay])
        #expect(result.status == 0)
        #expect(result.standardOutput == "12: 2 2 3\n")
        #expect(result.standardError == "")
    }

    @Test(arguments: ["x", "-1", "1.5", "3601", "99999999999999999999", " 1", "１"])
    func refusesADelayThatIsNoWholeNumberOfSecondsUpToAnHour(delay: String) throws {
        for arguments in [["factor", "12"], ["factor", "--threads", "2", "12"]] {
            let result = try CasebookExecutable.run(
                arguments, environment: ["CASEBOOK_PROGRESS_DELAY": delay])
            #expect(result.status == 64)
            #expect(result.standardOutput == "")
            #expect(
                result.standardError
                    == "casebook factor: CASEBOOK_PROGRESS_DELAY must be a whole number of seconds from 0 to 3600\n"
            )
        }
    }

    @Test func refusesADelayThatIsNoText() throws {
        let result = try CasebookExecutable.run(
            rawArguments: [Array("factor".utf8), Array("12".utf8)],
            rawEnvironment: ["CASEBOOK_PROGRESS_DELAY": [0x31, 0xFF]])
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "casebook factor: CASEBOOK_PROGRESS_DELAY must be a whole number of seconds from 0 to 3600\n"
        )
    }
}
