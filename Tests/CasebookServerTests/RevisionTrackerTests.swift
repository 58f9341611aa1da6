import CasebookTestSupport
import Foundation
import Testing

@testable import CasebookServer

@Suite("Knowing when the diary changed")
struct RevisionTrackerTests {
    @Test func readsTheStoreOnlyWhenSomethingMayHaveChanged() throws {
        let signal = ChangeSignalStub(answers: [false, false, true, false])
        let reads = ReadCounter()
        let tracker = RevisionTracker(signal: signal) { reads.next() }
        #expect(try tracker.current() == 1)  // first time: always read
        #expect(try tracker.current() == 1)
        #expect(try tracker.current() == 2)  // a change: read again
        #expect(try tracker.current() == 2)
        #expect(reads.count == 2)
    }

    @Test func theDirectorySignalSeesAWriteByAnyoneAndOnlyOnce() throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let signal = DirectoryChangeSignal(directory: directory)
        _ = signal.drainChanges()
        #expect(signal.drainChanges() == false)
        try Data("x".utf8).write(to: directory.appendingPathComponent("diary.sqlite-wal"))
        #expect(signal.drainChanges() == true)
        #expect(signal.drainChanges() == false)
    }
}

/// Answers preset "changed?" values in turn.
final class ChangeSignalStub: ChangeSignal, @unchecked Sendable {
    private var answers: [Bool]

    init(answers: [Bool]) { self.answers = answers }

    func drainChanges() -> Bool { answers.isEmpty ? true : answers.removeFirst() }
}

/// Counts reads, answering 1, 2, 3, …
final class ReadCounter: @unchecked Sendable {
    private(set) var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}
