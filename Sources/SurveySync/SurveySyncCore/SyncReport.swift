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

    /// For a dry run, the files a sync would send, by name; empty otherwise.
    public internal(set) var toSend: [String] = []
    /// Whether this is a dry run's report: nothing was sent or recorded.
    public internal(set) var isDryRun = false

    public var failed: Int { failures.count }

    /// `synced N, unchanged M, failed K` (`would send N, …` for a dry run), thousands separated
    /// by commas as everywhere.
    public var summary: String {
        (isDryRun ? "would send \(Self.number(toSend.count))" : "synced \(Self.number(synced))")
            + ", unchanged \(Self.number(unchanged)), failed \(Self.number(failed))"
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
