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
    /// Products of two primes of equal size: 160 and 199 bits.
    static let n160 = "743110269655371470057274165228115443369499356373"
    static let line160 =
        "\(n160): 670992498609891138739607 1107479250803679907393139\n"
    static let n199 = "781371738191112273819653558997832177076986774097559719388527"

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

    /// On a terminal, a number the sieve takes over a second on shows a line on standard
    /// error that says what it does, rewritten in place, and taken away at the end.
    @Test func showsItsProgressOnATerminal() throws {
        var master: Int32 = 0
        var terminal: Int32 = 0
        #expect(openpty(&master, &terminal, nil, nil, nil) == 0)
        let process = Process()
        process.executableURL = CasebookExecutable.url
        process.arguments = ["factor", "--threads", "2", Self.n199]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        try process.run()
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
        #expect(
            line.hasPrefix(
                Self.n199 + ": 693292465407972860603380567411 1127044901218288217572325755157"))
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.contains("casebook factor: quadratic sieve, 199-bit number: "))
        #expect(text.contains(" relations, "))
        #expect(text.hasSuffix("\r\u{1B}[K"))
    }
}
