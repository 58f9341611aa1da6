import CasebookWire
import CasebookZip
import DiaryCore
import Foundation
import Testing

@Suite("Diary files to import")
struct DiaryFileTests {
    static let casebook =
        #"{"entries": [{"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "date": "2026-01-01T10:00:00.000Z", "text": "x"}]}"#
    static let dayOne =
        #"{"entries": [{"uuid": "6F9619FF8B86D011B42D00C04FC964FF", "creationDate": "2026-01-01T10:00:00Z", "text": "x"}]}"#
    static let jrnl = "[2026-01-01 10:00] x\n"

    /// Day One's export as it comes, a ZIP: each journal's JSON is read (photos beside them
    /// are left), told from the bytes; a ZIP with no journal says what to export.
    @Test func dayOnesZipExportIsReadByItsJournals() throws {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_767_225_600))
        let second =
            #"{"entries": [{"uuid": "7F9619FF8B86D011B42D00C04FC964FF", "creationDate": "2026-01-02T10:00:00Z", "text": "y", "starred": true}]}"#
        let zip =
            try writer.entry(named: "Journal.json", contents: Array(Self.dayOne.utf8))
            + writer.entry(named: "Travel.json", contents: Array(second.utf8))
            + writer.entry(named: "photos/0a1b.jpeg", contents: [0xFF, 0xD8, 0xFF, 0xD9])
            + writer.finish()
        let read = try DiaryFile.read(zip, named: "export.zip", format: nil, zone: .gmt)
        #expect(read.entries.map(\.text) == ["x", "y"])
        // More photos than the files a ZIP may hold are not counted, so they block nothing.
        var large = ZipWriter(modified: Date(timeIntervalSince1970: 1_767_225_600))
        var manyPhotos: [UInt8] = []
        for index in 0...20_000 {
            manyPhotos += try large.entry(named: "photos/\(index).jpeg", contents: [0xFF, 0xD8])
        }
        let withPhotos =
            try manyPhotos + large.entry(named: "Journal.json", contents: Array(Self.dayOne.utf8))
            + large.finish()
        #expect(
            try DiaryFile.read(withPhotos, named: "big.zip", format: nil, zone: .gmt).entries.count
                == 1)
        #expect(read.starred == [read.entries[1].id])
        var empty = ZipWriter(modified: Date(timeIntervalSince1970: 1_767_225_600))
        let photos =
            try empty.entry(named: "photos/0a1b.jpeg", contents: [0xFF, 0xD8]) + empty.finish()
        do {
            _ = try DiaryFile.read(photos, named: "export.zip", format: nil, zone: .gmt)
            Issue.record("a ZIP without a journal was read")
        } catch {
            #expect(
                error.message
                    == "export.zip: the ZIP file holds no journal (.json): export from Day One as JSON, or import Casebook's or jrnl's file itself"
            )
        }
    }

    /// The photos a Day One journal names (`photos: [{md5, type}]`) come with their entries
    /// from the ZIP's `photos` folder, each once per entry; those the file does not hold (a
    /// `Journal.json` alone, a name that is none) are counted as left out.
    @Test func dayOnesPhotosComeWithTheirEntriesFromTheZip() throws {
        let journal = #"""
            {"entries": [
              {"uuid": "6F9619FF8B86D011B42D00C04FC964FF", "creationDate": "2026-01-01T10:00:00Z",
               "text": "![](dayone-moment://A1) At the sea",
               "photos": [{"identifier": "A1", "md5": "0A1B", "type": "jpeg"},
                          {"identifier": "A1", "md5": "0a1b", "type": "jpeg"},
                          {"identifier": "B2", "md5": "ffee", "type": "png"},
                          {"identifier": "C3", "md5": "../../etc/passwd", "type": "jpeg"}]},
              {"uuid": "7F9619FF8B86D011B42D00C04FC964FF", "creationDate": "2026-01-02T10:00:00Z",
               "text": "Home", "photos": [{"md5": "0a1b", "type": "jpeg"}]}
            ]}
            """#
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_767_225_600))
        let zip =
            try writer.entry(named: "Journal.json", contents: Array(journal.utf8))
            + writer.entry(named: "photos/0a1b.jpeg", contents: [0xFF, 0xD8, 0xFF, 0xD9])
            + writer.entry(named: "photos/unused.jpeg", contents: [0xFF, 0xD8])
            + writer.finish()
        let read = try DiaryFile.read(zip, named: "export.zip", format: nil, zone: .gmt)
        #expect(
            read.photos == [
                DiaryFile.Photo(
                    entry: read.entries[0].id, name: "export.zip/photos/0a1b.jpeg",
                    bytes: [0xFF, 0xD8, 0xFF, 0xD9]),
                DiaryFile.Photo(
                    entry: read.entries[1].id, name: "export.zip/photos/0a1b.jpeg",
                    bytes: [0xFF, 0xD8, 0xFF, 0xD9]),
            ])
        #expect(
            read.photosLeftOut == 2, "ffee.png is not in the file; '../../etc/passwd' is no name")
        let alone = try DiaryFile.read(
            Array(journal.utf8), named: "Journal.json", format: nil, zone: .gmt)
        #expect(alone.photos == [] && alone.photosLeftOut == 5)
        #expect(alone.entries == read.entries)
    }

    /// A Casebook archive's `photos.json` names only entries of its `diary.json` and files of
    /// its `photos` folder; anything else refuses the file, naming the photo.
    @Test(arguments: [
        (
            #"{"entry": "7f9619ff-8b86-d011-b42d-00c04fc964ff", "file": "photos/a.jpg", "alt": ""}"#,
            "diary.zip/photos.json: photo 1: '7f9619ff-8b86-d011-b42d-00c04fc964ff' is no entry of diary.json"
        ),
        (
            #"{"entry": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "file": "../etc/passwd", "alt": ""}"#,
            "diary.zip/photos.json: photo 1: '../etc/passwd' is no file of the photos folder"
        ),
        (
            #"{"entry": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "file": "photos/a.jpg"}"#,
            "diary.zip/photos.json: photos.json is {\"photos\": [{\"entry\", \"file\", \"alt\"}, …]}: photos[0].alt is missing"
        ),
    ])
    func anArchivesPhotosNameItsOwnEntriesAndFiles(photo: String, message: String) throws {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_767_225_600))
        let zip =
            try writer.entry(named: "diary.json", contents: Array(Self.casebook.utf8))
            + writer.entry(named: "photos.json", contents: Array(#"{"photos": [\#(photo)]}"#.utf8))
            + writer.entry(named: "photos/a.jpg", contents: [0xFF, 0xD8])
            + writer.finish()
        do {
            _ = try DiaryFile.read(zip, named: "diary.zip", format: nil, zone: .gmt)
            Issue.record("read")
        } catch {
            #expect(error.message == message)
        }
    }

    /// A file an editor saved with a byte order mark (as Windows' Notepad does) reads as the
    /// same file without it, in every format, named or told from the bytes.
    @Test(arguments: [
        (casebook, DiaryFile.Format.casebook), (dayOne, .dayone), (jrnl, .jrnl),
    ])
    func aByteOrderMarkIsReadPast(text: String, format: DiaryFile.Format) throws {
        let marked = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let utc = try #require(TimeZone(identifier: "UTC"))
        let plain = try DiaryFile.read(Array(text.utf8), named: "f", format: format, zone: utc)
        for named in [format, nil] {
            let read = try DiaryFile.read(marked, named: "f", format: named, zone: utc)
            #expect(read == plain)
            #expect(read.entries.first?.text == "x")
        }
    }
}

extension DiaryFileTests {
    /// An entry a file brings holds no more text than an edit can save again: one past 1 MiB
    /// is refused, naming the entry, in every format.
    @Test func anEntryLongerThanAnEditTakesIsRefused() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let long = String(repeating: "x", count: 1024 * 1024 + 1)
        let jrnl = "[2026-01-01 10:00] short\n[2026-01-02 10:00] " + long + "\n"
        #expect {
            try DiaryFile.read(Array(jrnl.utf8), named: "journal.txt", format: nil, zone: utc)
        } throws: { error in
            "\(error)"
                == "journal.txt: entry 2: its text is longer than 1048576 bytes, the most an entry holds"
        }
        let fits = "[2026-01-01 10:00] " + String(repeating: "x", count: 1024 * 1024) + "\n"
        #expect(
            try DiaryFile.read(Array(fits.utf8), named: "j", format: .jrnl, zone: utc).entries.count
                == 1)
        let casebook = Self.casebook.replacingOccurrences(
            of: #""text": "x""#, with: #""text": "\#(long)""#)
        #expect(throws: DiaryFile.Refusal.self) {
            try DiaryFile.read(Array(casebook.utf8), named: "f", format: .casebook, zone: utc)
        }
    }
}
