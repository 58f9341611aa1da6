import Foundation

/// Asks the system to open a file: `xdg-open` on Linux, `open` on macOS. It says no when the
/// command is missing, cannot start, or fails.
public struct SystemURLOpener: URLOpener {
    #if os(macOS)
        public static let defaultCommand = "/usr/bin/open"
    #else
        public static let defaultCommand = "xdg-open"
    #endif

    /// The opening command: a path, or a name looked up on `PATH`.
    public let command: String

    public init(command: String = SystemURLOpener.defaultCommand) {
        self.command = command
    }

    public func open(_ file: URL) -> Bool {
        #if os(macOS) || os(Linux)
            return run(file)
        #else
            return false  // no processes to launch on iOS and its kin
        #endif
    }

    #if os(macOS) || os(Linux)
        private func run(_ file: URL) -> Bool {
            guard let executable = resolvedCommand() else { return false }
            let process = Process()
            process.executableURL = executable
            process.arguments = [file.isFileURL ? file.path : file.absoluteString]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                return false
            }
            process.waitUntilExit()
            return process.terminationReason == .exit && process.terminationStatus == 0
        }
    #endif

    private func resolvedCommand() -> URL? {
        if command.contains("/") {
            return FileManager.default.isExecutableFile(atPath: command)
                ? URL(fileURLWithPath: command) : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(command) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
