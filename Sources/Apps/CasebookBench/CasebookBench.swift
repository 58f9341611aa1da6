import CasebookDataDirectory
import Diary
import Foundation

/// In-process benchmarks: `CasebookBench diary [ENTRIES]` fills a fresh diary store in a temporary
/// directory and prints how long adding one entry and listing the newest 50 take (median of 50).
@main
struct CasebookBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.first == "diary" else {
            print("usage: CasebookBench diary [ENTRIES]")
            exit(2)
        }
        try diary(entries: arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000)
    }

    static func diary(entries count: Int) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("casebook-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteDiaryStore(
            path: DataDirectoryLayout(root: directory).diaryDatabase.path)

        let start = Date(timeIntervalSinceReferenceDate: 600_000_000)
        let fillStarted = ContinuousClock.now
        for chunk in stride(from: 0, to: count, by: 10_000) {
            try store.save(
                contentsOf: (chunk..<min(chunk + 10_000, count)).map {
                    Entry(
                        date: start.addingTimeInterval(Double($0) * 60),
                        text: "Entry number \($0): " + String(repeating: "lorem ipsum ", count: 8))
                })
        }
        print("filled \(try store.count()) entries in \(ContinuousClock.now - fillStarted)")

        let addTimes = try (0..<50).map { number in
            try measure { try store.save(Entry(date: Date(), text: "Benchmark entry \(number)")) }
        }
        let listTimes = try (0..<50).map { _ in
            try measure { _ = try store.newestEntries(limit: 50, offset: 0) }
        }
        let factory = DiaryScreenFactory(store: store)
        let screenTimes = try (0..<50).map { _ in try measure { _ = try factory.makeList() } }
        report("add one entry", addTimes, target: 5)
        report("list the newest 50", listTimes, target: 20)
        report("build the list screen (50 rows)", screenTimes, target: 20)
    }

    static func measure(_ body: () throws -> Void) throws -> Double {
        let started = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds)
            / 1e15
    }

    static func report(_ name: String, _ times: [Double], target: Double) {
        let sorted = times.sorted()
        let median = sorted[sorted.count / 2]
        let worst = sorted.last ?? 0
        print(
            String(
                format: "%@: median %.3f ms, worst %.3f ms (target < %.0f ms: %@)", name, median,
                worst, target, median < target ? "met" : "MISSED"))
    }
}
