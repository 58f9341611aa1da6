import Foundation
import Logging

/// A log handler that keeps what it is given: each message with its level and metadata (the
/// logger's own and the call's), for tests that read what the server logged.
struct LogHandlerSpy: LogHandler {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }

    /// Everything logged through any copy of the handler.
    final class Records: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [Record] = []

        var all: [Record] { lock.withLock { kept } }

        func append(_ record: Record) {
            lock.withLock { kept.append(record) }
        }
    }

    let records: Records
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.append(
            Record(
                level: event.level, message: event.message.description,
                metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
    }
}
