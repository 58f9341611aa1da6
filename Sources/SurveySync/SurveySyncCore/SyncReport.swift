/// What a sync did.
public struct SyncReport: Equatable, Sendable {
    /// A file that could not be synced, and why.
    public struct Failure: Equatable, Sendable {
        public let file: String
        public let message: String
    }

    public internal(set) var synced = 0
    public internal(set) var unchanged = 0
    public internal(set) var failures: [Failure] = []
    /// What the sync found worth saying about the backend, one line each: that it is new to
    /// the folder, or lost what it had acknowledged, and what was sent because of it.
    public internal(set) var notes: [String] = []

    public var failed: Int { failures.count }

    /// `synced N, unchanged M, failed K`, thousands separated by commas as everywhere.
    public var summary: String {
        "synced \(Self.number(synced)), unchanged \(Self.number(unchanged)), "
            + "failed \(Self.number(failed))"
    }

    /// `number` with thousands separated by commas, as the notes show counts: `3,001`.
    static func number(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
