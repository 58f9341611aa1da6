import ArgumentParser
import PrimeFactors

/// `casebook factor`: GNU `factor`, byte for byte, and faster.
struct FactorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "factor",
        abstract: "Print the prime factors of each number, exactly as GNU factor does.",
        discussion: """
            With no numbers, reads whitespace-separated numbers from standard input. Numbers are \
            non-negative integers up to 18446744073709551615; anything else is reported on \
            standard error, factoring carries on, and the exit status is 1.
            """
    )

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

    func run() throws {
        let operands = operands
        var stream = FactorStream(
            output: FileDescriptorWriter.standardOutput,
            diagnostics: FileDescriptorWriter.standardError,
            commandName: "casebook factor")
        if operands.isEmpty {
            var input = FileDescriptorReader()
            try stream.factor(from: &input)
        } else {
            for number in operands { try stream.factor(argument: number) }
            try stream.flush()
        }
        if stream.sawInvalidInput { throw ExitCode.failure }
    }
}
