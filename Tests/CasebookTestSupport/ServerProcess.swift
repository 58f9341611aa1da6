import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `casebook serve` process on an ephemeral loopback port with its own data directory.
public final class ServerProcess: @unchecked Sendable {
    /// A client with no on-disk cache, for talking to the server.
    public static let session = URLSession(configuration: .ephemeral)

    public let process = Process()
    public let url: URL
    public let dataDirectory: URL
    private let output = Pipe()

    public enum StartError: Error { case exitedBeforeServing(String) }

    /// Whether the data directory goes when this process does (not when another server is to
    /// start on it).
    public let ownsDataDirectory: Bool
    /// What the server printed up to the line that says where it serves.
    public private(set) var startOutput = ""

    public init(
        dataDirectory: URL? = nil, arguments: [String] = [], ownsDataDirectory: Bool = true
    )
        throws
    {
        self.ownsDataDirectory = ownsDataDirectory
        let dataDirectory =
            dataDirectory
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("casebook-serve-\(UUID().uuidString)")
        self.dataDirectory = dataDirectory
        process.executableURL = CasebookExecutable.url
        process.arguments =
            ["serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDirectory.path]
            + arguments
        process.standardOutput = output
        process.standardError = output
        try ProcessLaunch.run(process)
        // Read until the server says where it is; the process ending first is a failure.
        var seen = ""
        while true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { throw StartError.exitedBeforeServing(seen) }
            seen += String(decoding: data, as: UTF8.self)
            if let range = seen.range(
                of: #"Casebook is serving (\S+)"#, options: .regularExpression)
            {
                let address = seen[range].split(separator: " ").last.map(String.init) ?? ""
                url = URL(string: address)!
                startOutput = seen
                break
            }
        }
    }

    /// Stops the server with SIGTERM and returns its exit status.
    @discardableResult
    public func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        ProcessLaunch.waitForExit(process)
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            ProcessLaunch.waitForExit(process)
        }
        if ownsDataDirectory { try? FileManager.default.removeItem(at: dataDirectory) }
    }
}
