import Diary
import Foundation
import Testing

/// Ids read and written without the C library's formatted input and output: exactly what
/// `UUID` itself reads and writes.
@Suite("Entry ids as text")
struct EntryIDTextTests {
    @Test func writesEveryIdAsUUIDWritesItInLowercase() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(EntryIDText.text(of: id) == id.uuidString.lowercased())
            #expect(EntryIDText.id(from: id.uuidString) == id)
            #expect(EntryIDText.id(from: id.uuidString.lowercased()) == id)
        }
        let edges = UUID(
            uuid: (0, 0x0F, 0xF0, 0xFF, 0x10, 0x9A, 0xA9, 0x01, 0, 0, 0, 0, 0, 0, 0, 0xFF))
        #expect(EntryIDText.text(of: edges) == "000ff0ff-109a-a901-0000-0000000000ff")
    }

    @Test(arguments: [
        "", "6f9619ff-8b86-d011-b42d-00c04fc964f", "6f9619ff-8b86-d011-b42d-00c04fc964ff0",
        "6f9619ff8b86-d011-b42d-00c04fc964ff0", "6f9619ff-8b86-d011-b42d_00c04fc964ff",
        "6f9619fg-8b86-d011-b42d-00c04fc964ff", "6f9619ff-8b86-d011-b42d-00c04fc964f\u{E9}",
        "{6f9619ff-8b86-d011-b42d-00c04fc964}",
    ])
    func refusesWhatUUIDRefuses(text: String) {
        #expect(UUID(uuidString: text) == nil)
        #expect(EntryIDText.id(from: text) == nil)
    }

    /// `UUID(uuidString:)` reads each group with `strtoul`, which takes a leading space or
    /// sign: it reads these as other ids (`+f9619ff…` as `0f9619ff…`). An id is its 36
    /// characters, or it is refused.
    @Test(arguments: [
        " f9619ff-8b86-d011-b42d-00c04fc964ff", "+f9619ff-8b86-d011-b42d-00c04fc964ff",
        "6f9619ff-+b86-d011-b42d-00c04fc964ff", "6f9619ff- b86-d011-b42d-00c04fc964ff",
    ])
    func refusesTextThatUUIDWouldReadAsAnotherID(text: String) throws {
        #expect(EntryIDText.id(from: text) == nil)
        #expect(throws: DiaryError.self) { try DiaryError.id(from: text) }
    }

    /// Every ASCII character and a few others in every place of an id: a digit where UUID reads
    /// the same digit, anything else refused (a "-" only where the groups meet).
    @Test func readsEachCharacterInEachPlaceExactlyAsADigitOrRefusesIt() {
        let id = Array("0123abcd-ef45-6789-ABCD-EF0123456789".utf8)
        for place in id.indices {
            for byte in Array(0...127) + [0xC3, 0xFF] {
                var text = id
                text[place] = UInt8(byte)
                let spelled = String(decoding: text, as: UTF8.self)
                let digit = UInt8(byte).isHexDigit && ![8, 13, 18, 23].contains(place)
                let expected = digit || text == id ? UUID(uuidString: spelled) : nil
                #expect(EntryIDText.id(from: spelled) == expected, "\(byte) at \(place)")
            }
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
