import Diary
import Foundation
import Testing

@testable import DiaryCore

/// The diary's use cases, as the JSON API and the CLI use them: the same rules as the screens
/// (blank text refused, an update keeps identity and date), without any screen.
@Suite("The diary's use cases")
struct DiaryEntriesTests {
    let store = InMemoryDiaryStore()
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var entries: DiaryEntries { DiaryEntries(store: store, clock: ClockStub(now: now)) }

    @Test func addsAnEntryDatedNow() throws {
        let entry = try entries.add(text: "Walked to the lighthouse.")
        #expect(entry.date == now)
        #expect(try store.entry(id: entry.id) == entry)
    }

    /// An Undo carries the entry as it was when it was removed. Put back from the trash and
    /// changed and removed again meanwhile (in another tab), the entry comes back as the trash
    /// holds it, the newer text: the Undo's older one never writes over it.
    @Test func anUndoBringsBackTheTrashsNewerCopyRatherThanItsOwn() throws {
        let store = InMemoryDiaryStore()
        let entries = DiaryEntries(store: store, clock: ClockStub(now: now))
        let first = try entries.add(text: "original")
        try entries.remove(id: first.id)
        let undo = first
        _ = try store.restoreFromTrash(id: first.id)
        _ = try entries.update(id: first.id, text: "newer")
        try entries.remove(id: first.id)
        #expect(try entries.restore(undo))
        #expect(try store.entry(id: first.id)?.text == "newer")
        #expect(try store.trashedEntries(limit: 5).isEmpty)
    }

    /// An update without a revision (a PUT without If-Match, `diary edit`) changes the entry
    /// as it is when it is written: one removed after it was read stays removed, and is not
    /// written again from what was read.
    @Test func anUpdateNeverBringsBackAnEntryRemovedWhileItWasMade() throws {
        let store = InterleavedDiaryStoreFake()
        let entry = try DiaryEntries(store: store).add(text: "first")
        store.betweenReadAndWrite = { try store.stored.remove(id: entry.id) }
        #expect(throws: DiaryError.unknownEntry(entry.id)) {
            try DiaryEntries(store: store).update(id: entry.id, text: "second")
        }
        #expect(try store.stored.entry(id: entry.id) == nil)
        #expect(try store.stored.trashedEntries(limit: 5).map(\.entry.text) == ["first"])
    }

    /// Without a revision, the last update wins over one saved while it was made, and keeps
    /// the entry's date.
    @Test func anUpdateWinsOverASaveMadeWhileItWasMade() throws {
        let store = InterleavedDiaryStoreFake()
        let entry = try DiaryEntries(store: store, clock: ClockStub(now: now)).add(text: "first")
        store.betweenReadAndWrite = {
            _ = try store.stored.save(
                Entry(id: entry.id, date: entry.date, text: "theirs"), ifRevision: 1)
        }
        let updated = try DiaryEntries(store: store).updateLatest(id: entry.id, text: "mine")
        #expect(updated.entry == Entry(id: entry.id, date: now, text: "mine"))
        #expect(updated.revision == 3)
        #expect(try store.stored.revisedEntry(id: entry.id)?.revision == 3)
        #expect(try store.stored.entry(id: entry.id)?.text == "mine")
    }

    /// Saved by others at every attempt, an update gives up after a hundred with the conflict,
    /// rather than trying for ever.
    @Test func anUpdateSavedOverAtEveryAttemptGivesUpWithTheConflict() throws {
        let store = InterleavedDiaryStoreFake()
        let entry = try DiaryEntries(store: store).add(text: "first")
        var theirs = 0
        func saveTheirs() throws {
            theirs += 1
            let current = try #require(try store.stored.revisedEntry(id: entry.id))
            _ = try store.stored.save(
                Entry(id: entry.id, date: entry.date, text: "theirs \(theirs)"),
                ifRevision: current.revision)
            store.betweenReadAndWrite = saveTheirs
        }
        store.betweenReadAndWrite = saveTheirs
        #expect(throws: DiaryConflictError.self) {
            try DiaryEntries(store: store).update(id: entry.id, text: "mine")
        }
        #expect(theirs == 100)
        #expect(try store.stored.entry(id: entry.id)?.text == "theirs 100")
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func refusesBlankTextAndStoresNothing(text: String) throws {
        #expect(throws: EntryDetailError.blankText) { try entries.add(text: text) }
        let existing = try entries.add(text: "kept")
        #expect(throws: EntryDetailError.blankText) {
            try entries.update(id: existing.id, text: text)
        }
        #expect(try store.entry(id: existing.id)?.text == "kept")
        #expect(try store.count() == 1)
    }

    @Test func updatesTextKeepingIdentityAndDate() throws {
        let entry = try entries.add(text: "first")
        let later = DiaryEntries(store: store, clock: ClockStub(now: now.addingTimeInterval(60)))
        let updated = try later.update(id: entry.id, text: "second")
        #expect(updated == Entry(id: entry.id, date: now, text: "second"))
        #expect(try store.entry(id: entry.id) == updated)
    }

    /// Two editors open the same entry; the first to save wins, the second is told, with the
    /// entry as it now is, instead of silently overwriting it.
    @Test func anUpdateFromAStaleRevisionIsRefusedWithTheCurrentEntry() throws {
        let entry = try entries.add(text: "first")
        let opened = try entries.revisedEntry(id: entry.id)
        let mine = try entries.update(id: entry.id, text: "mine", ifRevision: opened.revision)
        #expect(mine.entry == Entry(id: entry.id, date: now, text: "mine"))
        #expect(throws: DiaryConflictError(current: mine)) {
            try entries.update(id: entry.id, text: "theirs", ifRevision: opened.revision)
        }
        #expect(try store.entry(id: entry.id)?.text == "mine")
        #expect(throws: EntryDetailError.blankText) {
            try entries.update(id: entry.id, text: " ", ifRevision: mine.revision)
        }
        #expect(throws: DiaryError.unknownEntry(Self.unknown)) {
            try entries.update(id: Self.unknown, text: "x", ifRevision: 1)
        }
    }

    /// A store that keeps no revisions (an outside implementation of `DiaryStore`) has every
    /// entry at revision 0 and saves unconditionally.
    @Test func aStoreWithoutRevisionsSavesUnconditionally() throws {
        let plain = RevisionlessDiaryStoreSpy()
        let entry = Entry(id: Self.unknown, date: now, text: "old")
        plain.entries = [entry]
        let entries = DiaryEntries(store: plain, clock: ClockStub(now: now))
        #expect(try entries.revisedEntry(id: entry.id) == RevisedEntry(entry: entry, revision: 0))
        let updated = try entries.update(id: entry.id, text: "new", ifRevision: 7)
        #expect(updated.entry.text == "new")
        #expect(updated.revision == 0)
        #expect(plain.saved.map(\.text) == ["new"])
    }

    /// A store without a listing of its own is read in pages of 500 (a long listing never holds
    /// more), and not asked again once a page comes back short or the limit is reached.
    @Test func aStoreWithoutAListingOfItsOwnIsReadInPagesOf500() throws {
        let plain = RevisionlessDiaryStoreSpy()
        plain.entries = (0..<1_200).map { n in
            Entry(id: UUID(), date: now.addingTimeInterval(Double(n)), text: "entry \(n)")
        }
        for (limit, pages) in [
            (1_200, [(500, 0), (500, 500), (200, 1_000)]), (1_000, [(500, 0), (500, 500)]),
            (5_000, [(500, 0), (500, 500), (500, 1_000)]),
        ] {
            var texts: [String] = []
            try plain.forEachNewestEntry(limit: limit) { texts.append($0.text) }
            #expect(texts.count == min(limit, 1_200))
            #expect(texts.first == "entry 1199")
            #expect(plain.pagesAsked.map(\.limit) == pages.map(\.0), "limit \(limit)")
            #expect(plain.pagesAsked.map(\.offset) == pages.map(\.1), "limit \(limit)")
            plain.resetPagesAsked()
        }
    }

    static let unknown = UUID(uuidString: "00000000-0000-4000-8000-000000000009")!

    @Test func removesAnEntryAndSaysWhichItWas() throws {
        let entry = try entries.add(text: "gone soon")
        #expect(try entries.remove(id: entry.id) == entry)
        #expect(try store.count() == 0)
    }

    @Test func anUnknownIdIsAnErrorEverywhere() throws {
        let unknown = UUID()
        #expect(throws: DiaryError.unknownEntry(unknown)) { try entries.entry(id: unknown) }
        #expect(throws: DiaryError.unknownEntry(unknown)) {
            try entries.update(id: unknown, text: "x")
        }
        #expect(throws: DiaryError.unknownEntry(unknown)) { try entries.remove(id: unknown) }
    }

    @Test func findsAnEntryByTheStartOfItsIdAndListsTheNewestFirst() throws {
        let first = try entries.add(text: "older")
        let second = try DiaryEntries(
            store: store, clock: ClockStub(now: now.addingTimeInterval(1))
        )
        .add(text: "newer")
        let start = String(first.id.uuidString.lowercased().prefix(8))
        #expect(try entries.entry(matching: start) == first)
        #expect(try entries.newest(limit: 10, offset: 0) == [second, first])
        #expect(try entries.newest(limit: 1, offset: 1) == [first])
        // Without an offset, a page starts at the newest entry.
        #expect(try entries.newest(limit: 1) == [second])
    }

    @Test func aPreviewCutsLongTextOnCharacterBoundaries() {
        let text = String(repeating: "é", count: 79) + "🍕🍕"
        #expect(Entry(date: now, text: text).preview == String(repeating: "é", count: 79) + "🍕…")
        #expect(Entry(date: now, text: "short").preview == "short")
    }

    @Test func aPreviewKeepsTextOfExactlyEightyCharactersWholeHoweverManyBytesTheyTake() {
        let eighty = String(repeating: "e\u{301}", count: 80)
        #expect(Entry(date: now, text: eighty).preview == eighty)
        #expect(Entry(date: now, text: eighty + "x").preview == eighty + "…")
        let ascii = String(repeating: "a", count: 80)
        #expect(Entry(date: now, text: ascii).preview == ascii)
        #expect(Entry(date: now, text: ascii + "b").preview == ascii + "…")
        // CR LF is one character; an accent joins the letter before it.
        let crlf = String(repeating: "a", count: 78) + "\r\n"
        #expect(Entry(date: now, text: crlf + "b").preview == crlf + "b")
        #expect(Entry(date: now, text: crlf + "bc").preview == crlf + "b…")
        #expect(Entry(date: now, text: ascii + "\u{301}").preview == ascii + "\u{301}")
        #expect(Entry(date: now, text: ascii + "\u{301}z").preview == ascii + "\u{301}…")
    }

    /// The list's previews are cut at byte 80 without counting characters wherever the first
    /// 81 bytes are ASCII other than CR; the general way gives the same answers, only slower,
    /// so the short way is held to its texts on its own.
    @Test func aPreviewOfPlainASCIIIsCutWithoutCountingCharacters() {
        let ascii = String(repeating: "a", count: 80)
        #expect(Entry.asciiPreview(of: ascii + "b") == ascii + "…")
        #expect(Entry.asciiPreview(of: ascii + "\n\t~" + ascii) == ascii + "…")
        #expect(Entry.asciiPreview(of: String(repeating: "a", count: 79) + "\r\n") == nil)
        #expect(Entry.asciiPreview(of: "\r" + ascii) == nil)
        #expect(Entry.asciiPreview(of: "é" + ascii) == nil)
        #expect(Entry.asciiPreview(of: ascii + "\u{301}") == nil)
        // A text of 80 bytes or fewer is its own preview, whatever they are.
        #expect(Entry.asciiPreview(of: ascii) == ascii)
        #expect(Entry.asciiPreview(of: "é\r\n") == "é\r\n")
        // Past the 81st byte nothing is looked at.
        #expect(Entry.asciiPreview(of: ascii + "b\r\né") == ascii + "…")
    }

    @Test func listsWhatAQueryAskedInWordsFindsWithTodayByItsClock() throws {
        let utc = TimeZone(identifier: "UTC")!
        let old = Entry(date: now.addingTimeInterval(-3 * 86_400), text: "soup, days ago")
        try store.save(old)
        let fresh = try entries.add(text: "Soup today")
        try entries.add(text: "bread today")
        let query = try entries.query(search: "soup", from: "today", to: nil, zone: utc)
        #expect(try entries.newest(matching: query, limit: 10, after: nil) == [fresh])
        let all = try entries.query(search: "soup", from: "3 days ago", to: nil, zone: utc)
        #expect(try entries.newest(matching: all, limit: 10, after: nil) == [fresh, old])
        #expect(entries.today(in: utc) == DiaryDay(containing: now, in: utc))
    }

    @Test func restoresManyEntriesOnceEachAndNoneWhenOneIsBlank() throws {
        let there = try entries.add(text: "there")
        let incoming = [there, Entry(date: now, text: "one"), Entry(date: now, text: "two")]
        #expect(try entries.restore(contentsOf: incoming) == 2)
        #expect(try store.count() == 3)
        #expect(throws: EntryDetailError.blankText) {
            try entries.restore(contentsOf: [
                Entry(date: now, text: "three"), Entry(date: now, text: " "),
            ])
        }
        #expect(try store.count() == 3)
    }

    @Test func theTrashKeepsARemovedEntryForThirtyDaysAndPutsItBack() throws {
        let entry = try entries.add(text: "kept a while")
        _ = try entries.remove(id: entry.id)
        let inDays = { (days: Double) in
            DiaryEntries(
                store: store, clock: ClockStub(now: Date().addingTimeInterval(days * 86_400)))
        }
        #expect(try inDays(29).trashed(limit: 10).map(\.entry) == [entry])
        #expect(try inDays(29).restoreFromTrash(id: entry.id) == entry)
        #expect(try store.entry(id: entry.id) == entry)
        _ = try entries.remove(id: entry.id)
        #expect(try inDays(31).trashed(limit: 10).isEmpty)
        #expect(throws: DiaryError.unknownEntry(entry.id)) {
            try inDays(1).restoreFromTrash(id: entry.id)
        }
    }
}
