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

    /// scrypt's cost for the diaries the tests' commands encrypt: the cheapest (2^10), since
    /// the standard one takes 128 MiB and most of a second per passphrase in a debug build.
    public static let testSealCost = ["CASEBOOK_SEAL_COST": "10"]

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
        let directory = try TemporaryDirectory()
        let script = directory.appending("run.sh")
        func quoted(_ bytes: [UInt8]) -> String {
            "\"$(printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "')\""
        }
        let exports = rawEnvironment.sorted { $0.key < $1.key }.map {
            "export \($0.key)=\(quoted($0.value))\n"
        }
        let command = "exec \"$CASEBOOK\" " + rawArguments.map(quoted).joined(separator: " ")
        try Data((exports.joined() + command + "\n").utf8).write(to: script)
        return try run(
            [script.path], inputData: Data(),
            environment: ["CASEBOOK": url.path, "LC_ALL": "C"],
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    public static func run(
        _ arguments: [String], inputData: Data, environment: [String: String] = [:],
        removing removed: Set<String> = [], outputPath: String? = nil, executable: URL? = nil
    )
        throws -> Result
    {
        let directory = try TemporaryDirectory()
        let inputURL = directory.appending("stdin")
        let outputURL = directory.appending("stdout")
        let errorURL = directory.appending("stderr")
        try inputData.write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .merging(testPasswordCost) { own, _ in own }
            .merging(testSealCost) { own, _ in own }
            .merging(environment) { $1 }
            .filter { !removed.contains($0.key) }
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(
            forWritingTo: outputPath.map(URL.init(fileURLWithPath:)) ?? outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try ProcessLaunch.runToExit(process)
        return Result(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8)
        )
    }
}
