import CasebookTestSupport
import Foundation

/// GNU `factor`, run as the reference the tests compare `casebook factor` with.
enum GNUFactor {
    /// Its standard output for `input` and `arguments`.
    static func run(
        arguments: [String] = [], input: String = "", environment: [String: String] = [:]
    ) throws -> String {
        let directory = try TemporaryDirectory()
        let inputURL = directory.appending("stdin")
        let outputURL = directory.appending("stdout")
        try Data(input.utf8).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FactorGNUDifferentialTests.gnuFactor)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.runToExit(process)
        return try String(contentsOf: outputURL, encoding: .utf8)
    }
}
