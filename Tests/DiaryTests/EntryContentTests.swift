import Diary
import Foundation
import Testing

@testable import DiaryCore

/// An entry's content travels whole: what the use cases are given is what the store keeps,
/// through an update, the trash and back.
@Suite("An entry's content, carried whole")
struct EntryContentTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func addingKeepsTheContentAsGiven() throws {
        let store = InMemoryDiaryStore()
        let entries = DiaryEntries(store: store, clock: ClockStub(now: now))
        let content = EntryContent(text: "Rain all day. #weather")
        let entry = try entries.add(content)
        #expect(entry.content == content)
        #expect(entry.date == now)
        #expect(try store.entry(id: entry.id)?.content == content)
    }

    @Test func aBlankContentIsRefusedAndNothingIsAdded() throws {
        let store = InMemoryDiaryStore()
        let entries = DiaryEntries(store: store, clock: ClockStub(now: now))
        #expect(throws: EntryDetailError.blankText) {
            try entries.add(EntryContent(text: " \n\t"))
        }
        #expect(try store.count() == 0)
    }

    @Test func anUpdateAtItsRevisionReplacesTheContentAndKeepsIdAndDate() throws {
        let store = InMemoryDiaryStore()
        let entries = DiaryEntries(store: store, clock: ClockStub(now: now))
        let entry = try entries.add(EntryContent(text: "draft"))
        let revision = try entries.revisedEntry(id: entry.id).revision
        let updated = try entries.update(
            id: entry.id, to: EntryContent(text: "final"), ifRevision: revision)
        #expect(updated.entry.content == EntryContent(text: "final"))
        #expect(updated.entry.id == entry.id)
        #expect(updated.entry.date == entry.date)
        #expect(updated.revision > revision)
        #expect(
            throws: DiaryConflictError.self,
            performing: {
                try entries.update(
                    id: entry.id, to: EntryContent(text: "stale"), ifRevision: revision)
            })
        #expect(try store.entry(id: entry.id)?.text == "final")
    }

    @Test func theTextIsTheContentsText() {
        var entry = Entry(date: now, content: EntryContent(text: "one"))
        entry.text = "two"
        #expect(entry.content == EntryContent(text: "two"))
        #expect(Entry(date: now, text: "two").content == entry.content)
    }
}
