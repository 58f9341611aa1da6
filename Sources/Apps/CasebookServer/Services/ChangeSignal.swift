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
///
/// With `namesStartingWith`, only changes to files whose names start with it count (a
/// database and its journals: `users.sqlite`, `users.sqlite-wal`, …).
final class DirectoryChangeSignal: ChangeSignal, @unchecked Sendable {
    private let descriptor: Int32
    private let prefix: [UInt8]?
    /// Whether the watch has ended (its folder was removed or moved): nothing will be heard of
    /// again, so every question is answered "changed". Read and set under the caller's lock
    /// (`ChangeGeneration`).
    private var watchEnded = false

    init(directory: URL, namesStartingWith prefix: String? = nil) {
        self.prefix = prefix.map { Array($0.utf8) }
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
        guard descriptor >= 0, !watchEnded else { return true }
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                changed = changed || concerned(buffer[..<count])
                continue
            }
            // EAGAIN: nothing (more) queued. Any other failure: assume a change.
            return count < 0 && errno != EAGAIN ? true : changed
        }
    }

    /// Whether the events read concern a watched name: every event without a prefix to match,
    /// else those whose name starts with it, and any that may hide one: a queue overflow (events
    /// were lost), the watch's end (after which every answer is "changed"), an event the buffer
    /// holds only in part.
    private func concerned(_ events: ArraySlice<UInt8>) -> Bool {
        // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
        let header = 16
        var offset = events.startIndex
        var concerned = prefix == nil
        while offset < events.endIndex {
            guard offset + header <= events.endIndex else { return true }
            let mask = UInt32(Self.integer(events[(offset + 4)..<(offset + 8)]))
            if mask & UInt32(IN_IGNORED) != 0 { watchEnded = true }
            if mask & (UInt32(IN_Q_OVERFLOW) | UInt32(IN_IGNORED)) != 0 { return true }
            guard let prefix else {
                offset += header + Self.integer(events[(offset + 12)..<(offset + 16)])
                continue
            }
            let length = Self.integer(events[(offset + 12)..<(offset + 16)])
            let nameStart = offset + header
            guard nameStart + length <= events.endIndex else { return true }
            let name = events[nameStart..<(nameStart + length)].prefix { $0 != 0 }
            if name.starts(with: prefix) { concerned = true }
            offset = nameStart + length
        }
        return concerned
    }

    /// A 32-bit field of an event, in the machine's (little-endian) order.
    private static func integer(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
