import Foundation

/// Runs the built `casebook` executable as a user would, with real files for its standard streams.
public struct CasebookExecutable {
    public struct Result: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// The `casebook` built beside this test bundle (or `$CASEBOOK_EXECUTABLE`).
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["CASEBOOK_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        let testBundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }
        let productsDirectory =
            (testBundle ?? Bundle.main).bundleURL.pathExtension == "xctest"
            ? (testBundle ?? Bundle.main).bundleURL.deletingLastPathComponent()
            : Bundle.main.bundleURL
        return productsDirectory.appendingPathComponent("casebook")
    }

    /// The bcrypt cost the tests' commands hash passwords at unless a test names one (or
    /// removes the variable to see the default): the cheapest, since the standard cost takes a
    /// quarter of a second of the tests' two cores per hash.
    public static let testPasswordCost = ["CASEBOOK_PASSWORD_COST": "4"]

    public static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        removing removed: Set<String> = []
    )
        throws -> Result
    {
        try run(
            arguments, inputData: Data(input.utf8), environment: environment, removing: removed)
    }

    /// Runs `casebook` with standard output sent to `outputPath` (`/dev/full`, say) instead of
    /// a file the result reads back: its `standardOutput` is then empty.
    public static func run(_ arguments: [String], outputTo outputPath: String) throws -> Result {
        try run(arguments, inputData: Data(), outputPath: outputPath)
    }

    /// Runs `casebook` with arguments and environment variables of any bytes, which `Process`
    /// (taking strings) cannot pass: a shell builds each one from octal escapes with `printf`.
    /// Standard input is empty.
    public static func run(rawArguments: [[UInt8]], rawEnvironment: [String: [UInt8]] = [:])
        throws -> Result
    {
        let script = try RawScript(arguments: rawArguments, environment: rawEnvironment)
        return try withExtendedLifetime(script) {
            try run(
                [script.path], inputData: Data(), environment: script.environment,
                executable: RawScript.shell)
        }
    }

    /// `run(rawArguments:rawEnvironment:)`, waiting without holding a thread.
    public static func run(rawArguments: [[UInt8]], rawEnvironment: [String: [UInt8]] = [:])
        async throws -> Result
    {
        let script = try RawScript(arguments: rawArguments, environment: rawEnvironment)
        let result = try await run(
            [script.path], inputData: Data(), environment: script.environment,
            executable: RawScript.shell)
        withExtendedLifetime(script) {}  // its folder holds the script until the run ends
        return result
    }

    /// A shell script that starts `casebook` with arguments and environment variables of any
    /// bytes, each built from octal escapes.
    private struct RawScript {
        static let shell = URL(fileURLWithPath: "/bin/sh")
        let directory: TemporaryDirectory
        let path: String
        let environment = ["CASEBOOK": url.path, "LC_ALL": "C"]

        init(arguments: [[UInt8]], environment: [String: [UInt8]]) throws {
            directory = try TemporaryDirectory()
            let script = directory.appending("run.sh")
            func quoted(_ bytes: [UInt8]) -> String {
                "\"$(printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "')\""
            }
            let exports = environment.sorted { $0.key < $1.key }.map {
                "export \($0.key)=\(quoted($0.value))\n"
            }
            let command = "exec \"$CASEBOOK\" " + arguments.map(quoted).joined(separator: " ")
            try Data((exports.joined() + command + "\n").utf8).write(to: script)
            path = script.path
        }
    }

    public static func run(
        _ arguments: [String], inputData: Data, environment: [String: String] = [:],
        removing removed: Set<String> = [], outputPath: String? = nil, executable: URL? = nil
    )
        throws -> Result
    {
        let run = try Run(
            arguments, inputData: inputData, environment: environment, removing: removed,
            outputPath: outputPath, executable: executable)
        try ProcessLaunch.run(run.process)
        run.process.waitUntilExit()
        return try run.result()
    }

    /// The same, waiting for the command to end without holding a thread: an async test that
    /// runs commands leaves the concurrency pool's few threads to the tests beside it (and to
    /// any server in this process the command talks to).
    public static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        removing removed: Set<String> = []
    ) async throws -> Result {
        try await run(
            arguments, inputData: Data(input.utf8), environment: environment, removing: removed)
    }

    /// `run(_:outputTo:)`, waiting without holding a thread.
    public static func run(_ arguments: [String], outputTo outputPath: String) async throws
        -> Result
    {
        try await run(arguments, inputData: Data(), outputPath: outputPath)
    }

    /// `run(_:inputData:environment:removing:outputPath:executable:)`, waiting without holding
    /// a thread.
    public static func run(
        _ arguments: [String], inputData: Data, environment: [String: String] = [:],
        removing removed: Set<String> = [], outputPath: String? = nil, executable: URL? = nil
    ) async throws -> Result {
        try await commands.run {
            try await runNow(
                arguments, inputData: inputData, environment: environment, removing: removed,
                outputPath: outputPath, executable: executable)
        }
    }

    /// How many commands the async runs start at once: two per core, so that the cores stay
    /// busy while a command waits (on its files, a server or a database).
    private static let commands = ConcurrencyLimit(
        width: 2 * ProcessInfo.processInfo.activeProcessorCount)

    private static func runNow(
        _ arguments: [String], inputData: Data, environment: [String: String],
        removing removed: Set<String>, outputPath: String?, executable: URL?
    ) async throws -> Result {
        let run = try Run(
            arguments, inputData: inputData, environment: environment, removing: removed,
            outputPath: outputPath, executable: executable)
        try await withCheckedThrowingContinuation {
            (exited: CheckedContinuation<Void, any Error>) in
            run.process.terminationHandler = { _ in exited.resume() }
            do {
                try ProcessLaunch.run(run.process)
            } catch {
                run.process.terminationHandler = nil
                exited.resume(throwing: error)
            }
        }
        return try run.result()
    }

    /// One run of a command: its process, set up with files for its standard streams in a
    /// folder of their own, and what it wrote once it has ended.
    private struct Run {
        let process = Process()
        let directory: TemporaryDirectory
        let outputURL: URL
        let errorURL: URL
        /// The files for its standard input, output and error, open in this process.
        let streams: [FileHandle]

        init(
            _ arguments: [String], inputData: Data, environment: [String: String],
            removing removed: Set<String>, outputPath: String?, executable: URL?
        ) throws {
            directory = try TemporaryDirectory()
            let inputURL = directory.appending("stdin")
            outputURL = directory.appending("stdout")
            errorURL = directory.appending("stderr")
            try inputData.write(to: inputURL)
            _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
            process.executableURL = executable ?? url
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment
                .merging(testPasswordCost) { own, _ in own }
                .merging(environment) { $1 }
                .filter { !removed.contains($0.key) }
            streams = [
                try FileHandle(forReadingFrom: inputURL),
                try FileHandle(
                    forWritingTo: outputPath.map(URL.init(fileURLWithPath:)) ?? outputURL),
                try FileHandle(forWritingTo: errorURL),
            ]
            process.standardInput = streams[0]
            process.standardOutput = streams[1]
            process.standardError = streams[2]
        }

        /// What the command wrote, once it has ended. Its streams' files are closed here, not
        /// whenever `Process` lets go of them (it may keep them after a termination handler).
        func result() throws -> Result {
            for stream in streams { try? stream.close() }
            return Result(
                status: process.terminationStatus,
                standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
                standardError: try String(contentsOf: errorURL, encoding: .utf8))
        }
    }
}
