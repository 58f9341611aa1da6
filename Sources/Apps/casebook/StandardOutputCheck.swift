#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// What GNU tools do at exit (`close_stdout`): flush C's `stdout` and fail, with a message and
/// status 1, if anything written through it was lost. The argument parser prints help, the
/// version and its messages with `print`, which never reports a failed write; without this,
/// `casebook --help > /dev/full` would succeed with nothing written.
enum StandardOutputCheck {
    /// Checks `stdout` when the process exits, however it exits through `exit(3)`.
    static func installAtExit() {
        atexit {
            let flushFailed = fflush(stdout) != 0
            let code = errno
            guard flushFailed || ferror(stdout) != 0 else { return }
            let reason = flushFailed ? ": " + String(cString: strerror(code)) : ""
            var message = "casebook: write error\(reason)\n"
            message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
            _exit(1)
        }
    }
}
