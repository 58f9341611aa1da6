import CasebookTestSupport
import Diary
import Foundation
import Testing

@testable import CasebookServer

@Suite("Knowing when the diary changed")
struct RevisionTrackerTests {
    /// Each diary's revision is read from its store the first time, then only after the
    /// directory changed since that diary's last read (one watch shared by all of them).
    @Test func readsEachStoreOnlyWhenSomethingMayHaveChanged() throws {
        let signal = ChangeSignalStub(answers: [false, false, false, true, false, false])
        let revisions = UserRevisions(generation: ChangeGeneration(signal: signal))
        let dee = InMemoryDiaryStore()
        let dan = InMemoryDiaryStore()
        #expect(try revisions.revision(of: "dee", in: dee) == 0)  // first time: read
        try dee.save(Entry(date: Date(), text: "unseen until a change is signalled"))
        #expect(try revisions.revision(of: "dee", in: dee) == 0)  // no change signalled
        #expect(try revisions.revision(of: "dan", in: dan) == 0)  // another diary: its own read
        #expect(try revisions.revision(of: "dee", in: dee) == 1)  // a change: read again
        #expect(try revisions.revision(of: "dee", in: dee) == 1)
        try dan.save(Entry(date: Date(), text: "dan's"))
        #expect(try revisions.revision(of: "dan", in: dan) == 1, "dan last read before the change")
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

    /// A watch whose folder is gone hears of nothing again: from then on every answer is
    /// "changed" (slower, never wrong), for a whole folder's watch and a few files' alike.
    @Test(arguments: [nil, "users.sqlite"])
    func aWatchWhoseFolderIsGoneAlwaysSaysChanged(prefix: String?) throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url.appendingPathComponent("watched")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let signal = DirectoryChangeSignal(directory: directory, namesStartingWith: prefix)
        #expect(signal.drainChanges() == false)
        try FileManager.default.removeItem(at: directory)
        #expect(signal.drainChanges() == true)
        #expect(signal.drainChanges() == true)
        #expect(signal.drainChanges() == true)
    }

    /// Watching some files of a directory: a write to them (or a file named after them, as a
    /// database's journal is) is seen; a write to any other file is not.
    @Test func aSignalForSomeFilesSeesOnlyThem() throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let signal = DirectoryChangeSignal(directory: directory, namesStartingWith: "users.sqlite")
        _ = signal.drainChanges()
        try Data("x".utf8).write(to: directory.appendingPathComponent("diary.sqlite-wal"))
        #expect(signal.drainChanges() == false)
        try Data("x".utf8).write(to: directory.appendingPathComponent("users.sqlite-wal"))
        try Data("x".utf8).write(to: directory.appendingPathComponent("diary.sqlite"))
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
