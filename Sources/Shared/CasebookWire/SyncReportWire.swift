import SurveySyncCore

/// A sync's report as `casebook survey sync --json` prints it: the counts, each failure with
/// its file, and the notes about the backend; for `--dry-run`, the files it would send
/// (`wouldSend`, absent otherwise).
public struct SyncReportWire: Encodable, Equatable, Sendable {
    public struct Failure: Encodable, Equatable, Sendable {
        public let file: String
        public let message: String
    }

    public let synced: Int
    public let unchanged: Int
    public let failed: Int
    public let failures: [Failure]
    public let notes: [String]
    public let wouldSend: [String]?

    public init(_ report: SyncReport) {
        synced = report.synced
        unchanged = report.unchanged
        failed = report.failed
        failures = report.failures.map { Failure(file: $0.file, message: $0.message) }
        notes = report.notes
        wouldSend = report.isDryRun ? report.toSend : nil
    }
}
