import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Says whether anything in a directory may have changed since it was last asked.
protocol ChangeSignal: Sendable {
    /// True when something may have changed (false positives are allowed, misses are not).
    func drainChanges() -> Bool
}

/// Watches a directory with inotify on Linux: a change written by any process before the call is
/// already queued in the kernel, so one non-blocking read tells. Where inotify is missing (or
/// cannot be set up), it always says "changed", which is slower but never wrong.
final class DirectoryChangeSignal: ChangeSignal, @unchecked Sendable {
    private let descriptor: Int32

    init(directory: URL) {
        #if os(Linux)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            let mask = UInt32(
                IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE
                    | IN_ATTRIB)
            if descriptor >= 0, inotify_add_watch(descriptor, directory.path, mask) >= 0 {
                self.descriptor = descriptor
            } else {
                if descriptor >= 0 { close(descriptor) }
                self.descriptor = -1
            }
        #else
            descriptor = -1
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func drainChanges() -> Bool {
        guard descriptor >= 0 else { return true }
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                changed = true
                continue
            }
            // EAGAIN: nothing (more) queued. Any other failure: assume a change.
            return count < 0 && errno != EAGAIN ? true : changed
        }
    }
}
