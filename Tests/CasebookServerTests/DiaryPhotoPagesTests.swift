import CasebookTestSupport
import CasebookWire
import CasebookZip
import Diary
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// An entry's photos on its page: added without their metadata, shown small with their words
/// and linked to their large size, served to the diarist for good, taken off again; what is
/// not a photo is the entry's page again saying why, and nothing is kept.
@Suite("An entry's photos in the browser")
struct DiaryPhotoPagesTests {
    let fixture: OnlyPersonPages
    var stores: CasebookServer.Stores { fixture.stores }

    init() throws { fixture = try OnlyPersonPages() }

    static let photos = URL(filePath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "MenuTests/Photos")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: photos.appending(path: name)))
    }

    /// A new entry's page path.
    static func entry(_ pages: inout PageClient, in stores: CasebookServer.Stores) async throws
        -> String
    {
        _ = try await pages.post("/diary", ["text": "A day at the sea"])
        let entry = try #require(try stores.diary.newestEntries(limit: 1, offset: 0).first)
        return "/diary/\(entry.id.uuidString.lowercased())"
    }

    @Test func aPhotoIsAddedShownWithItsWordsServedAndTakenOff() async throws {
        let phone = try Self.fixture("phone.jpg")
        let stores = stores
        try await fixture.withPages { pages in
            let path = try await Self.entry(&pages, in: stores)
            let page = try await pages.get(path)
            #expect(page.html.contains(#"action="\#(path)/photos" enctype="multipart/form-data""#))
            let added = try await pages.postFiles(
                path + "/photos", ["alt": "The beach at dawn"],
                binaryFiles: [(field: "photo", filename: "IMG_0001.JPG", contents: phone)])
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == path + "#photos-heading")
            let store = try #require(stores.diary as? any DiaryPhotoStore)
            let entryID = try #require(UUID(uuidString: String(path.dropFirst(7))))
            let photo = try #require(try store.photos(ofEntry: entryID).first)
            #expect(photo.alt == "The beach at dawn")
            let kept = try #require(try store.photoFile(id: photo.id))
            #expect(!kept.large.contains(Array("CasebookCam".utf8)))
            let shown = try await pages.get(path)
            #expect(
                shown.html.contains(
                    #"<a href="/diary/photos/\#(photo.id).jpg"><img src="/diary/photos/\#(photo.id)-small.jpg" alt="The beach at dawn" width="\#(photo.smallWidth)" height="\#(photo.smallHeight)" loading="lazy"></a>"#
                ))
            for (served, bytes) in [
                ("/diary/photos/\(photo.id).jpg", kept.large),
                ("/diary/photos/\(photo.id)-small.jpg", kept.small),
            ] {
                let response = try await pages.get(served)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.cacheControl] == "private, max-age=31536000, immutable")
                #expect(response.headers[.contentLength] == String(bytes.count))
                let tag = try #require(response.headers[.eTag])
                #expect(
                    try await pages.get(served, headers: [.ifNoneMatch: tag]).status
                        == .notModified)
            }
            #expect(
                try await pages.get("/diary/photos/\(String(repeating: "a", count: 64)).jpg").status
                    == .notFound)
            // Taken off: gone from the page, and no longer served.
            let removed = try await pages.post(
                "\(path)/photos/\(photo.id)/remove", [:])
            #expect(removed.status == .seeOther)
            #expect(try store.photos(ofEntry: entryID) == [])
            #expect(try await pages.get("/diary/photos/\(photo.id).jpg").status == .notFound)
            #expect(
                try await pages.post("\(path)/photos/\(photo.id)/remove", [:]).status == .notFound)
        }
    }

    @Test func whatIsNotAPhotoIsTheEntrysPageAgainSayingWhy() async throws {
        let bomb = try Self.fixture("bomb.png")
        let stores = stores
        try await fixture.withPages { pages in
            let path = try await Self.entry(&pages, in: stores)
            _ = try await pages.get(path)
            for (name, bytes, alt, reason) in [
                (
                    "page.html", Array("<!doctype html><script>alert(1)</script>".utf8), "A page",
                    "The photo: the file is not a JPEG, PNG or WebP image."
                ),
                (
                    "bomb.png", bomb, "A bomb",
                    "The photo: the image says it is 30000 × 30000 pixels"
                ),
                ("empty.jpg", [], "Nothing", "The photo: choose a JPEG, PNG or WebP file."),
                (
                    "long.jpg", try Self.fixture("phone.jpg"), String(repeating: "x", count: 301),
                    "What the photo shows: what the photo shows may be at most 300 characters long."
                ),
            ] {
                let refused = try await pages.postFiles(
                    path + "/photos", ["alt": alt],
                    binaryFiles: [(field: "photo", filename: name, contents: bytes)])
                #expect(refused.status == .badRequest, "\(name)")
                #expect(refused.html.contains(reason), "\(name)")
                #expect(refused.html.contains(#"value="\#(alt)""#), "\(name)")
            }
            let store = try #require(stores.diary as? any DiaryPhotoStore)
            let entryID = try #require(UUID(uuidString: String(path.dropFirst(7))))
            #expect(try store.photos(ofEntry: entryID) == [])
            let missing = "/diary/\(UUID().uuidString.lowercased())/photos"
            #expect(
                try await pages.postFiles(
                    missing, ["alt": ""],
                    binaryFiles: [
                        (field: "photo", filename: "a.jpg", contents: try Self.fixture("phone.jpg"))
                    ]
                ).status == .notFound)
        }
    }

    /// Day One's ZIP sent to the import page brings its entries' photos, and says so.
    @Test func dayOnesPhotosComeInFromTheImportPage() async throws {
        let phone = try Self.fixture("phone.jpg")
        let journal = #"""
            {"entries": [{"uuid": "6F9619FF8B86D011B42D00C04FC964FF",
              "creationDate": "2026-01-01T10:00:00Z", "text": "At the sea",
              "photos": [{"md5": "0a1b", "type": "jpeg"}, {"md5": "ffff", "type": "jpeg"}]}]}
            """#
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_767_225_600))
        let zip =
            try writer.entry(named: "Journal.json", contents: Array(journal.utf8))
            + writer.entry(named: "photos/0a1b.jpeg", contents: phone) + writer.finish()
        let stores = stores
        try await fixture.withPages { pages in
            _ = try await pages.get("/diary/import")
            let imported = try await pages.postFiles(
                "/diary/import", [:],
                binaryFiles: [(field: "file", filename: "Day One.zip", contents: zip)])
            #expect(imported.status == .ok)
            #expect(
                imported.html.contains(
                    "Imported 1 entry from Day One.zip; 1 photo kept; 1 photo left out (not in the file: import Day One"
                ), "\(imported.html)")
            let id = try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
            let store = try #require(stores.diary as? any DiaryPhotoStore)
            #expect(try store.photos(ofEntry: id).count == 1)
            // The diary's download with its photos carries it back.
            let archive = try await pages.client.execute(
                uri: "/diary/export?format=zip", method: .get)
            #expect(archive.status == .ok)
            #expect(archive.headers[.contentType] == "application/zip")
            let read = try DiaryFile.read(
                Array(buffer: archive.body), named: "diary.zip", format: nil, zone: .gmt)
            #expect(read.entries.map(\.id) == [id])
            #expect(read.photos.map(\.entry) == [id])
        }
    }
}
