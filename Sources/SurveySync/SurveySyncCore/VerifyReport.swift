/// What comparing a folder with a backend's store found.
public struct VerifyReport: Equatable, Sendable {
    /// One respondent that is not the same on both sides.
    public struct Difference: Equatable, Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            /// In the folder, not in the store.
            case missing
            /// In both, with other content in the store.
            case different
            /// In the store, not in the folder.
            case onlyOnBackend = "only on backend"
        }

        public let kind: Kind
        public let id: String
        /// The file that holds the respondent, when the folder has one.
        public let file: String?

        /// `missing 42 (r42.yaml)`, `only on backend 99`.
        public var description: String {
            "\(kind.rawValue) \(id)" + (file.map { " (\($0))" } ?? "")
        }
    }

    /// The store compared with.
    public internal(set) var store = ""
    public internal(set) var identical = 0
    /// Sorted by id.
    public internal(set) var differences: [Difference] = []
    /// Files that could not be read or understood, and why: they could not be compared.
    public internal(set) var failures: [SyncReport.Failure] = []
    /// Respondents sent to the store by a repair.
    public internal(set) var repaired = 0
    /// Respondents in the store, not in the folder, whose current version another device sent
    /// (on a backend that keeps senders): counted, never a difference.
    public internal(set) var fromOtherDevices = 0

    public func count(_ kind: Difference.Kind) -> Int {
        differences.filter { $0.kind == kind }.count
    }

    /// Whether the store holds exactly what the folder holds (with `allowingExtra`, at least).
    public func isIdentical(allowingExtra: Bool = false) -> Bool {
        failures.isEmpty
            && differences.allSatisfy { allowingExtra && $0.kind == .onlyOnBackend }
    }

    /// A line per difference, in id order within each kind (missing, different, only on
    /// backend), at most `limit` of each kind (nil: every one), then how many more there are.
    public func lines(atMostPerKind limit: Int?) -> [String] {
        var lines: [String] = []
        for kind in [Difference.Kind.missing, .different, .onlyOnBackend] {
            let ofKind = differences.filter { $0.kind == kind }
            let shown = limit.map { ofKind.prefix($0) } ?? ofKind[...]
            lines += shown.map(\.description)
            if shown.count < ofKind.count {
                lines.append(
                    "… and \(SyncReport.number(ofKind.count - shown.count)) more \(kind.rawValue) (--all lists every one)"
                )
            }
        }
        return lines
    }

    /// `identical 3,001`, or every count when anything differs.
    public var summary: String {
        var text = "identical \(SyncReport.number(identical))"
        if !differences.isEmpty || !failures.isEmpty {
            text +=
                ", missing \(SyncReport.number(count(.missing))), different \(SyncReport.number(count(.different))), only on backend \(SyncReport.number(count(.onlyOnBackend)))"
        }
        if !failures.isEmpty { text += ", unreadable \(SyncReport.number(failures.count))" }
        if fromOtherDevices > 0 {
            text += ", from other devices \(SyncReport.number(fromOtherDevices))"
        }
        if repaired > 0 { text += "; repaired \(SyncReport.number(repaired))" }
        return text
    }
}
