import SurveySyncCore

/// A verify's report as `casebook survey verify --json` prints it: the store compared with,
/// the counts, each difference (kind, id, file), the files that could not be read, and how
/// many were repaired, and how many in the store another device sent (`fromOtherDevices`).
public struct VerifyReportWire: Encodable, Equatable, Sendable {
    public struct Difference: Encodable, Equatable, Sendable {
        public let kind: String
        public let id: String
        public let file: String?

        private enum Key: String, CodingKey { case kind, id, file }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(id, forKey: .id)
            try container.encode(file, forKey: .file)
        }
    }

    public let store: String
    public let identical: Int
    public let differences: [Difference]
    public let failures: [SyncReportWire.Failure]
    public let repaired: Int
    public let fromOtherDevices: Int

    public init(_ report: VerifyReport) {
        store = report.store
        identical = report.identical
        differences = report.differences.map {
            Difference(kind: $0.kind.rawValue, id: $0.id, file: $0.file)
        }
        failures = report.failures.map {
            SyncReportWire.Failure(file: $0.file, message: $0.message)
        }
        repaired = report.repaired
        fromOtherDevices = report.fromOtherDevices
    }
}
