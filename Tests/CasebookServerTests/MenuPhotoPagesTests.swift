import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Menu
import Testing

@testable import CasebookServer

/// A dish's photo given on its page: kept without its metadata as the next revision, shown on
/// the guest's menu with its words, served cached for good; what is not a photo is the dish's
/// page again saying why, and nothing is saved.
@Suite("A dish's photo in the browser")
struct MenuPhotoPagesTests {
    let fixture: OnlyPersonPages
    var stores: CasebookServer.Stores { fixture.stores }

    init() throws { fixture = try OnlyPersonPages() }

    static let photos = URL(filePath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "MenuTests/Photos")

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        try await fixture.withPages(body)
    }

    static let margherita = ["revision": "1", "section": "pizzas", "index": "0"]

    @Test func aPhotoIsKeptShownWithItsWordsAndServedCachedForGood() async throws {
        let phone = Array(try Data(contentsOf: Self.photos.appending(path: "phone.jpg")))
        try await withPages { pages in
            let dishPage = try await pages.get("/menu/dish?section=pizzas&index=0")
            #expect(
                dishPage.html.contains(
                    #"action="/menu/dish/photo" enctype="multipart/form-data""#))
            var fields = Self.margherita
            fields["alt"] = "A Margherita with basil leaves"
            let saved = try await pages.postFiles(
                "/menu/dish/photo", fields,
                binaryFiles: [(field: "photo", filename: "IMG_0001.JPG", contents: phone)])
            // The dish's page again, saying so: a reload does not send the photo twice.
            #expect(saved.status == .seeOther)
            let back = try #require(saved.headers[.location])
            #expect(back == "/menu/dish?section=pizzas&index=0&saved=2")
            let shown = try await pages.get(back)
            #expect(shown.html.contains("Saved as revision 2."))
            #expect(shown.html.contains(#"class="dish-photo-preview""#))
            let revision = try #require(try await stores.menu.current())
            #expect(revision.note == "gave Margherita a photo")
            let photo = try #require(revision.menu.pizzas[0].dish.photo)
            #expect(photo.alt == "A Margherita with basil leaves")
            let kept = try #require(try await stores.menuPhotos.photo(id: photo.id))
            #expect(!kept.large.contains(subsequence: Array("CasebookCam".utf8)))
            // The guest's menu: the small size, lazily, with its words; the JSON-LD's image.
            let menu = try await pages.get("/menu")
            #expect(
                menu.html.contains(
                    #"<img class="dish-photo" src="/menu/photos/\#(photo.id)-small.jpg" alt="A Margherita with basil leaves" width="72" height="72" loading="lazy""#
                ))
            #expect(menu.html.contains(#""image":"/menu/photos/\#(photo.id).jpg""#))
            // Served with its type, an ETag and for good; 304 to a browser that has it.
            for (path, bytes) in [
                ("/menu/photos/\(photo.id).jpg", kept.large),
                ("/menu/photos/\(photo.id)-small.jpg", kept.small),
            ] {
                let served = try await pages.get(path)
                #expect(served.status == .ok)
                #expect(served.headers[.contentType] == "image/jpeg")
                #expect(served.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(served.headers[.contentLength] == String(bytes.count))
                let tag = try #require(served.headers[.eTag])
                let again = try await pages.get(path, headers: [.ifNoneMatch: tag])
                #expect(again.status == .notModified)
            }
            // The words changed without a new file, then the photo taken away.
            fields["revision"] = "2"
            fields["alt"] = "Margherita, fresh from the oven"
            let reworded = try await pages.postFiles("/menu/dish/photo", fields, binaryFiles: [])
            #expect(reworded.headers[.location]?.hasSuffix("saved=3") == true)
            // The same words again change nothing.
            fields["revision"] = "3"
            let same = try await pages.postFiles("/menu/dish/photo", fields, binaryFiles: [])
            #expect(same.headers[.location]?.hasSuffix("saved=none") == true)
            #expect(try await stores.menu.current()?.number == 3)
            #expect(
                try await pages.get(same.headers[.location] ?? "").html.contains(
                    "Nothing changed: revision 3 stays."))
            #expect(
                try await stores.menu.current()?.menu.pizzas[0].dish.photo
                    == DishPhoto(id: photo.id, alt: "Margherita, fresh from the oven"))
            fields["remove"] = "yes"
            _ = try await pages.postFiles("/menu/dish/photo", fields, binaryFiles: [])
            #expect(try await stores.menu.current()?.menu.pizzas[0].dish.photo == nil)
            // A revision gone by still shows its photo.
            let old = try await pages.get("/menu/photos/\(photo.id).jpg")
            #expect(old.status == .ok)
        }
    }

    @Test func whatIsNotAPhotoIsTheDishsPageAgainSayingWhy() async throws {
        let bomb = Array(try Data(contentsOf: Self.photos.appending(path: "bomb.png")))
        try await withPages { pages in
            _ = try await pages.get("/menu/dish?section=pizzas&index=0")
            var fields = Self.margherita
            fields["alt"] = "A pizza"
            for (name, bytes, reason) in [
                (
                    "page.html", Array("<!doctype html><script>alert(1)</script>".utf8),
                    "The photo: the file is not a JPEG, PNG or WebP image."
                ),
                ("bomb.png", bomb, "The photo: the image says it is 30000 × 30000 pixels"),
            ] {
                let refused = try await pages.postFiles(
                    "/menu/dish/photo", fields,
                    binaryFiles: [(field: "photo", filename: name, contents: bytes)])
                #expect(refused.status == .badRequest)
                #expect(refused.html.contains(reason))
                #expect(refused.html.contains(#"value="A pizza""#))
            }
            // Words missing, with a photo to go with them.
            fields["alt"] = " "
            let phone = Array(try Data(contentsOf: Self.photos.appending(path: "phone.jpg")))
            let wordless = try await pages.postFiles(
                "/menu/dish/photo", fields,
                binaryFiles: [(field: "photo", filename: "a.jpg", contents: phone)])
            #expect(wordless.status == .badRequest)
            #expect(
                wordless.html.contains("What the photo shows: say in words what the photo shows"))
            #expect(try await stores.menu.currentNumber() == 1)
        }
    }

    @Test(arguments: [
        "/menu/photos/nothing.jpg", "/menu/photos/\(String(repeating: "ab", count: 32)).jpg",
        "/menu/photos/\(String(repeating: "ab", count: 32)).png", "/menu/photos/..%2Fmenu.jpg",
    ])
    func aPhotoThereIsNotIsNotFound(path: String) async throws {
        try await withPages { pages in
            let page = try await pages.get(path)
            #expect(page.status == .notFound)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains {
            self[$0..<($0 + subsequence.count)].elementsEqual(subsequence)
        }
    }
}
