import Foundation

/// Starts processes one at a time. Foundation's `Process.run()` on Linux crashed (a bad read
/// in its copy of the arguments and environment) when tests started processes from several
/// threads at once; every process the tests start goes through here.
public enum ProcessLaunch {
    private static let lock = NSLock()

    public static func run(_ process: Process) throws {
        try lock.withLock { try process.run() }
    }
}
