import Crypto
import Foundation
import Menu
import MenuPhotos
import Testing

/// The photos a manager uploads, through the real libvips: what is kept is a JPEG with no
/// metadata in two sizes, upright; what is not a whole photo is refused saying why.
@Suite("A dish's photo is checked by its bytes and kept without its metadata")
struct DishPhotoPreparerTests {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "Photos")

    static func photo(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appending(path: name)))
    }

    let preparer = VipsDishPhotoPreparer()

    @Test func aPhonesPhotoIsTurnedUprightShrunkAndStrippedOfItsPosition() throws {
        let original = try Self.photo("phone.jpg")
        // The fixture holds what the kept photo must not.
        #expect(original.contains(subsequence: Array("CasebookCam".utf8)))
        #expect(original.contains(subsequence: Array("Exif".utf8)))
        let photo = try preparer.prepare(original)
        // 1600 × 1200 turned a quarter (orientation 6), at most 1200 each way.
        #expect((photo.largeWidth, photo.largeHeight) == (900, 1200))
        #expect((photo.smallWidth, photo.smallHeight) == (240, 320))
        for size in [photo.large, photo.small] {
            #expect(size.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(Array(size.suffix(2)) == [0xFF, 0xD9])
            #expect(!size.contains(subsequence: Array("Exif".utf8)))
            #expect(!size.contains(subsequence: Array("CasebookCam".utf8)))
            #expect(!size.contains(subsequence: Array("2026:06:01".utf8)))
        }
        let hash = SHA256.hash(data: photo.large).map { String(format: "%02x", $0) }.joined()
        #expect(photo.id == hash)
        #expect(DishPhoto.isValidID(photo.id))
    }

    @Test func aTransparentPNGAndAWebPAreKeptAsJPEGAtTheirOwnSize() throws {
        let glass = try preparer.prepare(try Self.photo("glass.png"))
        #expect((glass.largeWidth, glass.largeHeight) == (600, 400))
        #expect(glass.large.starts(with: [0xFF, 0xD8, 0xFF]))
        let tiramisu = try preparer.prepare(try Self.photo("tiramisu.webp"))
        #expect((tiramisu.largeWidth, tiramisu.largeHeight) == (500, 500))
        #expect((tiramisu.smallWidth, tiramisu.smallHeight) == (320, 320))
    }

    @Test func theSamePhotoTwiceHasTheSameID() throws {
        let bytes = try Self.photo("tiramisu.webp")
        #expect(try preparer.prepare(bytes).id == preparer.prepare(bytes).id)
    }

    @Test func aDecompressionBombIsRefusedBeforeItIsDecoded() throws {
        let bomb = try Self.photo("bomb.png")
        #expect(bomb.count < 200_000)
        #expect(throws: DishPhotoError.tooManyPixels(width: 30000, height: 30000)) {
            try preparer.prepare(bomb)
        }
    }

    @Test func aPhotoCutShortIsDamaged() throws {
        let whole = try Self.photo("phone.jpg")
        // Cut in half, even with an end marker put back.
        let cut = Array(whole.prefix(whole.count / 2)) + [0xFF, 0xD9]
        #expect(throws: DishPhotoError.damaged(format: "JPEG")) { try preparer.prepare(cut) }
        let png = try Self.photo("glass.png")
        #expect(throws: DishPhotoError.self) { try preparer.prepare(Array(png.prefix(900))) }
    }

    @Test func aFileHiddenBehindAPhotoIsRefused() throws {
        let zip: [UInt8] = Array("PK\u{3}\u{4}".utf8) + Array(repeating: 0, count: 60)
        for (name, format) in [("phone.jpg", "JPEG"), ("glass.png", "PNG")] {
            let polyglot = try Self.photo(name) + zip
            #expect(throws: DishPhotoError.trailingBytes(format: format, count: zip.count)) {
                try preparer.prepare(polyglot)
            }
        }
        var webp = try Self.photo("tiramisu.webp")
        webp += Array("<script>alert(1)</script>".utf8)
        #expect(throws: DishPhotoError.self) { try preparer.prepare(webp) }
    }

    @Test(arguments: [
        ("GIF89a", Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)),
        ("SVG", Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)),
        ("PDF", Array("%PDF-1.4\n".utf8)),
        ("HTML", Array("<!doctype html><p>hi".utf8)),
    ])
    func whatIsNotAJPEGPNGOrWebPIsRefused(name: String, bytes: [UInt8]) throws {
        #expect(throws: DishPhotoError.notAPhoto) { try preparer.prepare(bytes) }
    }

    @Test func anEmptyOrOversizedFileIsRefusedUnread() throws {
        #expect(throws: DishPhotoError.empty) { try preparer.prepare([]) }
        let huge = [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: DishPhotoLimits.mostBytes)
        #expect(throws: DishPhotoError.tooLarge(bytes: huge.count)) {
            try preparer.prepare(huge)
        }
    }

    @Test func eachRefusalSaysWhatIsWrong() {
        #expect(
            DishPhotoError.trailingBytes(format: "JPEG", count: 64).description
                == "the JPEG image ends 64 bytes before the file does: something else is hidden behind it"
        )
        #expect(DishPhotoError.notAPhoto.description == "the file is not a JPEG, PNG or WebP image")
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains {
            self[$0..<($0 + subsequence.count)].elementsEqual(subsequence)
        }
    }
}
