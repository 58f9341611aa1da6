import ArgumentParser
import PrimeFactors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `casebook factor`: GNU `factor`, byte for byte, and faster.
struct FactorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "factor",
        abstract: "Print the prime factors of each number, exactly as GNU factor does.",
        discussion: """
            With no numbers, reads whitespace-separated numbers from standard input. Numbers are \
            non-negative integers of any size; anything else is reported on standard error, \
            factoring carries on, and the exit status is 1. On a terminal, the quadratic sieve \
            shows its progress after $CASEBOOK_PROGRESS_DELAY seconds (default 1).
            """
    )

    @Option(
        help: ArgumentHelp(
            "Threads the quadratic sieve runs on, for numbers past 128 bits (default: one per core).",
            valueName: "n"))
    var threads: Int?

    @Argument(
        parsing: .allUnrecognized,
        help: "The numbers to factor (default: read them from standard input).")
    var numbers: [String] = []

    /// The numbers, less the first `--`, which ends the options as it does for GNU `factor`.
    private var operands: [String] {
        var operands = numbers
        if let terminator = operands.firstIndex(of: "--") { operands.remove(at: terminator) }
        return operands
    }

    func validate() throws {
        if let threads, !(1...1_024).contains(threads) {
            throw ValidationError("--threads must be a whole number from 1 to 1024.")
        }
    }

    func run() throws {
        if let refusal = Self.refusal(ofOptionsIn: numbers) {
            refusal.withUnsafeBytes { try? FileDescriptorWriter.standardError.write($0) }
            throw ExitCode.failure
        }
        guard let delay = Self.progressDelay() else { throw ExitCode(64) }
        guard
            let sawInvalidInput = Self.factorReportingWriteFailure(
                operands, threads: threads, progressDelay: delay),
            !sawInvalidInput
        else { throw ExitCode.failure }
    }

    /// Before the first `--`, an argument that starts with `-` (but `-` alone) is an option, as
    /// GNU's getopt reads it; `factor` has none but `--threads` and `--help`, which the parser
    /// took. The first other one is refused as GNU `factor` refuses it, before anything is
    /// factored: `invalid option -- '1'` (its first byte after the `-`) or `unrecognized
    /// option '--x'`, then where to find help. Nil when there is none.
    static func refusal(ofOptionsIn arguments: [String]) -> [UInt8]? {
        let options = RawArguments.bytes(of: Array(arguments.prefix { $0 != "--" }))
        guard let option = options.first(where: { $0.count > 1 && $0[0] == UInt8(ascii: "-") })
        else { return nil }
        var refusal = Array("casebook factor: ".utf8)
        if option[1] == UInt8(ascii: "-") {
            refusal += Array("unrecognized option '".utf8) + option + Array("'".utf8)
        } else {
            refusal += Array("invalid option -- '".utf8) + [option[1]] + Array("'".utf8)
        }
        return refusal + Array("\nTry 'casebook factor --help' for more information.\n".utf8)
    }

    /// Runs `casebook factor` without parsing the command line when it needs no parsing: every
    /// argument after `factor` is a plain operand (none starts with `-`, so there is no option,
    /// no `--help` and no `--`). Factoring then starts as soon as the process does. The exit
    /// status, or nil when the arguments need the full parser.
    static func runDirectly(_ arguments: [String]) -> Int32? {
        guard arguments.first == "factor",
            arguments.dropFirst().allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") })
        else { return nil }
        guard let delay = progressDelay() else { return 64 }
        guard
            let sawInvalidInput = factorReportingWriteFailure(
                Array(arguments.dropFirst()), progressDelay: delay)
        else { return 1 }
        return sawInvalidInput ? 1 : 0
    }

    /// `factor(_:)`, with a failed write (a full disk, say) or read reported as GNU `factor`
    /// reports it ("write error: …"): whether a token was not a number, or nil on a failure.
    private static func factorReportingWriteFailure(
        _ operands: [String], threads: Int? = nil, progressDelay: Duration
    ) -> Bool? {
        do {
            return try factor(operands, threads: threads, progressDelay: progressDelay)
        } catch let failure as SystemCallError {
            StandardStreams.error("casebook factor: \(failure.call) error: \(failure.reason)")
        } catch {
            StandardStreams.error("casebook factor: \(error)")
        }
        return nil
    }

    /// The progress line's delay the environment sets, or nil once its refusal is said.
    private static func progressDelay() -> Duration? {
        guard let delay = ProgressDelay.fromEnvironment() else {
            StandardStreams.error("casebook factor: " + ProgressDelay.refusal)
            return nil
        }
        return delay
    }

    /// The sieve's threads (`threads`, else one per core), and its progress line, shown after
    /// `progressDelay`, when standard error is a terminal.
    static func options(threads: Int?, progressDelay: Duration) -> FactoringOptions {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var options = FactoringOptions(threads: threads ?? max(1, cores))
        if #available(macOS 15.0, *), isatty(STDERR_FILENO) == 1 {
            options.progress = SieveProgressLine(delay: progressDelay).report
        }
        return options
    }

    /// Factors `operands`, or standard input when there are none; true when a token was not a
    /// number.
    private static func factor(_ operands: [String], threads: Int?, progressDelay: Duration)
        throws -> Bool
    {
        var stream = FactorStream(
            output: FileDescriptorWriter.standardOutput,
            diagnostics: FileDescriptorWriter.standardError,
            commandName: "casebook factor")
        stream.options = options(threads: threads, progressDelay: progressDelay)
        // As GNU: each line at once for a person at a terminal, GNU's buffering otherwise.
        stream.writesEachLine = isatty(STDIN_FILENO) == 1 || isatty(STDOUT_FILENO) == 1
        if operands.isEmpty {
            var input = FileDescriptorReader()
            try stream.factor(from: &input)
        } else {
            for number in RawArguments.bytes(of: operands) {
                try stream.factor(argumentBytes: number)
            }
            try stream.flush()
        }
        return stream.sawInvalidInput
    }
}
