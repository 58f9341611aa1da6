import Foundation

/// Starts processes one at a time, and only while the test process holds few enough descriptors
/// for Foundation to start one safely. Every process the tests start goes through here.
///
/// Foundation's `Process.run()` on Linux crashed in two ways under the test run's load:
/// - a bad read in its copy of the arguments and environment when tests started processes from
///   several threads at once: hence the lock;
/// - a bad read (signal 11 in `memmove`) while it lists `/proc/self/fd` to close every
///   descriptor in the child: it copies each entry's whole 256-byte name field, and with about
///   1,350 descriptors open the last entry lies at the end of the 32 KiB directory buffer, so the
///   copy runs off it. The test run reached 1,758 when every route test opened its stores at
///   once. Past `descriptorLimit`, a launch is refused with an error naming the count instead.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// The most descriptors the test process may hold when it starts a process: well below the
    /// ~1,350 at which Foundation's `Process.run()` crashes on Linux. Each entry of
    /// `/proc/self/fd` below 10,000 takes 24 bytes of the listing, so with 1,200 descriptors
    /// (and `.` and `..`) the last entry ends near 28.8 KiB, and the 256 bytes copied from it
    /// stay inside the 32 KiB buffer.
    public static let descriptorLimit = 1_200

    /// The bytes of `/proc/self/fd`'s listing Foundation may read when `open` descriptors are
    /// listed: every entry's 24 bytes, and 256 more copied from the last.
    public static func listingBytesRead(open: Int) -> Int { (open + 2) * 24 + 256 }

    /// A launch refused because the test process held more than `limit` descriptors.
    public struct TooManyDescriptorsError: Error, CustomStringConvertible {
        public let open: Int
        public let limit: Int

        public var description: String {
            "the test process holds \(open) open descriptors, more than the \(limit) at which "
                + "a process may be started (Foundation's Process.run() crashes at about 1,350 "
                + "on Linux): tests running at once hold too many files, databases or sockets "
                + "open; run such a suite's tests one at a time (.serialized)"
        }
    }

    public static func run(_ process: Process, descriptorLimit: Int = descriptorLimit) throws {
        try lock.withLock {
            let open = openDescriptorCount()
            guard open <= descriptorLimit else {
                throw TooManyDescriptorsError(open: open, limit: descriptorLimit)
            }
            try process.run()
        }
    }

    /// Starts `process` as `run(_:descriptorLimit:)` does and returns as soon as it has
    /// exited. Foundation's `waitUntilExit()` on Linux looks at the process every 50 ms, so a
    /// test waited 25 ms on average after every short `casebook` it ran, holding one of the
    /// concurrency pool's threads (one per core): seconds of the Swift tests with a core idle. This
    /// waits for the exit itself (`waitid` without reaping, which stays Foundation's to do),
    /// then the moment Foundation takes to reap it, then `waitUntilExit()`, which returns at
    /// once and lets go of the run-loop source Foundation made for it: without that call the
    /// process, and the files it was given, stay open for good.
    public static func runToExit(_ process: Process, descriptorLimit: Int = descriptorLimit)
        throws
    {
        try run(process, descriptorLimit: descriptorLimit)
        waitForExit(process)
    }

    /// Runs `process` to its exit as `runToExit(_:descriptorLimit:)` does, having read `output`
    /// (the pipe it writes to) to its end first: waiting before reading would leave a process
    /// that fills the pipe's buffer blocked for good. What it wrote, as UTF-8 text.
    public static func runToExit(_ process: Process, readingTextFrom output: Pipe) throws
        -> String
    {
        try run(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        waitForExit(process)
        return String(decoding: data, as: UTF8.self)
    }

    /// Returns as soon as `process`, started, has exited (see `runToExit`).
    public static func waitForExit(_ process: Process) {
        #if os(Linux)
            // Only while Foundation has not reaped it: once reaped, its number may be another
            // child's.
            if process.isRunning {
                var information = siginfo_t()
                while waitid(
                    P_PID, id_t(process.processIdentifier), &information, WEXITED | WNOWAIT)
                    == -1, errno == EINTR
                {}
                // Foundation reaps it at once, unless a child of the child still holds the
                // descriptor it watches; then `waitUntilExit()` below waits as it always did.
                var looks = 0
                while process.isRunning, looks < 100 {
                    usleep(100)
                    looks += 1
                }
            }
        #endif
        // Returns at once now, and lets go of what Foundation kept for the wait.
        process.waitUntilExit()
    }

    /// How many descriptors this process holds now (0 where `/proc/self/fd` is missing: Darwin's
    /// Foundation closes the child's descriptors without listing them). The entries are counted,
    /// their names never copied.
    public static func openDescriptorCount() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var entries = 0
        while readdir(directory) != nil { entries += 1 }
        // ".", ".." and the descriptor of the listing itself.
        return max(0, entries - 3)
    }
}
