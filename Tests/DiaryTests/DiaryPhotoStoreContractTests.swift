import CasebookTestSupport
import Diary
import Foundation
import Testing

/// What every diary store with photos promises (`DiaryPhotoStore`), run against each that keeps
/// them (in memory, SQLite, PostgreSQL): photos on an entry in the order given, each kept once,
/// with the entry through the trash, gone with it when the trash is emptied.
@Suite("The diary store contract: photos")
struct DiaryPhotoStoreContractTests {
    let directory: TemporaryDirectory
    let base = Date(timeIntervalSinceReferenceDate: 700_000_000.25)

    init() throws { directory = try TemporaryDirectory() }

    static let kinds = DiaryStoreKind.allCases.filter { $0 != .server }

    /// A photo of made-up bytes: stores keep bytes as given.
    static func photo(_ seed: UInt8, width: Int = 320) -> EntryPhotoFile {
        EntryPhotoFile(
            id: String(repeating: String(format: "%02x", seed), count: 32),
            large: [0xFF, 0xD8, seed, 1, 2, 3], largeWidth: 1200, largeHeight: 900,
            small: [0xFF, 0xD8, seed], smallWidth: width, smallHeight: 240)
    }

    @Test(arguments: kinds)
    func photosAreKeptOnTheirEntryInTheOrderGiven(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryPhotoStore)
            let entry = Entry(date: base, text: "At the sea")
            let other = Entry(date: base.addingTimeInterval(1), text: "Home")
            try plain.save(entry)
            try plain.save(other)
            let (first, second) = (Self.photo(1), Self.photo(2, width: 300))
            let revision = try plain.revision()
            #expect(try store.addPhoto(first, alt: "The beach at dawn", toEntry: entry.id))
            #expect(try plain.revision() != revision, "a photo changes what the entry shows")
            #expect(try store.addPhoto(second, alt: "", toEntry: entry.id))
            #expect(
                try store.photos(ofEntry: entry.id) == [
                    EntryPhoto(
                        id: first.id, alt: "The beach at dawn", smallWidth: 320, smallHeight: 240),
                    EntryPhoto(id: second.id, alt: "", smallWidth: 300, smallHeight: 240),
                ])
            #expect(try store.photos(ofEntry: other.id) == [])
            #expect(
                try store.photosOfEveryEntry() == [entry.id: try store.photos(ofEntry: entry.id)])
            #expect(try store.photoFile(id: first.id) == first)
            #expect(try store.photoFile(id: Self.photo(9).id) == nil)
            // The same photo again only changes its words.
            #expect(try !store.addPhoto(first, alt: "Dawn", toEntry: entry.id))
            #expect(try store.photos(ofEntry: entry.id).map(\.alt) == ["Dawn", ""])
            // An entry edited keeps its photos.
            var edited = entry
            edited.text = "At the sea, all day"
            try plain.save(edited)
            #expect(try store.photos(ofEntry: entry.id).map(\.id) == [first.id, second.id])
        }
    }

    @Test(arguments: kinds)
    func aPhotoOnTwoEntriesIsKeptOnceUntilNeitherHasIt(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryPhotoStore)
            let (one, two) = (Entry(date: base, text: "one"), Entry(date: base + 1, text: "two"))
            try plain.save(one)
            try plain.save(two)
            let photo = Self.photo(3)
            #expect(try store.addPhoto(photo, alt: "a", toEntry: one.id))
            #expect(try store.addPhoto(photo, alt: "b", toEntry: two.id))
            #expect(try store.removePhoto(id: photo.id, fromEntry: one.id))
            #expect(try !store.removePhoto(id: photo.id, fromEntry: one.id))
            #expect(try store.photoFile(id: photo.id) == photo)
            #expect(try store.photos(ofEntry: two.id).map(\.alt) == ["b"])
            #expect(try store.removePhoto(id: photo.id, fromEntry: two.id))
            #expect(try store.photoFile(id: photo.id) == nil)
        }
    }

    @Test(arguments: kinds)
    func photosGoThroughTheTrashWithTheirEntryAndAreGoneWhenItIsEmptied(
        kind: DiaryStoreKind
    ) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryPhotoStore)
            let trash = try #require(plain as? any DiaryTrash)
            let entry = Entry(date: base, text: "with a photo")
            try plain.save(entry)
            let photo = Self.photo(4)
            _ = try store.addPhoto(photo, alt: "kept", toEntry: entry.id)
            try plain.remove(id: entry.id)
            #expect(try store.photoFile(id: photo.id) == photo, "a trashed entry's photo stays")
            #expect(try store.photosOfEveryEntry() == [:], "an export carries no trash")
            _ = try trash.restoreFromTrash(id: entry.id)
            #expect(try store.photos(ofEntry: entry.id).map(\.alt) == ["kept"])
            try plain.remove(id: entry.id)
            #expect(try trash.emptyTrash(removedBefore: Date().addingTimeInterval(60)) == 1)
            #expect(try store.photoFile(id: photo.id) == nil)
            #expect(try store.photos(ofEntry: entry.id) == [])
        }
    }

    @Test(arguments: kinds)
    func anEntryTakesAPhotoOnlyWhenItIsThereAndHasRoom(kind: DiaryStoreKind) async throws {
        let base = base
        try await kind.withStore(in: directory) { plain in
            let store = try #require(plain as? any DiaryPhotoStore)
            let missing = Entry(date: base, text: "never saved")
            #expect(throws: DiaryError.unknownEntry(missing.id)) {
                try store.addPhoto(Self.photo(5), alt: "", toEntry: missing.id)
            }
            let entry = Entry(date: base, text: "many photos")
            try plain.save(entry)
            for seed in 0..<DiaryPhotoLimits.mostPerEntry {
                _ = try store.addPhoto(Self.photo(UInt8(10 + seed)), alt: "", toEntry: entry.id)
            }
            #expect(throws: DiaryPhotoError.tooMany(limit: DiaryPhotoLimits.mostPerEntry)) {
                try store.addPhoto(Self.photo(200), alt: "", toEntry: entry.id)
            }
            #expect(try store.photos(ofEntry: entry.id).count == DiaryPhotoLimits.mostPerEntry)
        }
    }
}
