import CasebookFileSystem
import CasebookTestSupport
import Testing

/// A folder's names as the bytes they are: text as it is, anything else escaped and marked,
/// never turned into another file's name.
@Suite("Listing a folder")
struct DirectoryEntriesTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func listsTextAsItIsAndEscapesAndMarksWhatIsNotText() throws {
        for name in ["plain.yaml", "é.yaml", "a\\b.yaml", "a\u{FFFD}.yaml"] {
            _ = try directory.file(name, contents: "")
        }
        try directory.file(rawName: Array("a".utf8) + [0x80] + Array(".yaml".utf8), contents: "")
        try directory.file(rawName: [0x01, 0xFF, 0x5C], contents: "")
        let entries = try DirectoryEntries.list(atPath: directory.url.path)
            .sorted { $0.name < $1.name }
        #expect(
            entries.map(\.name) == [
                "\\001\\377\\\\", "a\\200.yaml", "a\\b.yaml", "a\u{FFFD}.yaml", "plain.yaml",
                "é.yaml",
            ])
        #expect(entries.map { $0.invalidByte?.position } == [2, 2, nil, nil, nil, nil])
        #expect(entries.map { $0.invalidByte?.value } == [0xFF, 0x80, nil, nil, nil, nil])
    }

    /// A name `list` escaped is found again from that name alone, without listing the folder:
    /// only when its bytes are not text and the folder holds it.
    @Test func findsANameThatIsNotTextFromItsEscapedForm() throws {
        try directory.file(rawName: Array("a".utf8) + [0x80] + Array(".yaml".utf8), contents: "")
        _ = try directory.file("a\\b.yaml", contents: "")
        let path = directory.url.path
        let found = DirectoryEntries.nameNotText("a\\200.yaml", inFolderAtPath: path)
        #expect(found?.position == 2 && found?.value == 0x80)
        #expect(DirectoryEntries.nameNotText("a\\b.yaml", inFolderAtPath: path) == nil)
        #expect(DirectoryEntries.nameNotText("b\\200.yaml", inFolderAtPath: path) == nil)
        #expect(DirectoryEntries.nameNotText("a\\20.yaml", inFolderAtPath: path) == nil)
        for name in try DirectoryEntries.list(atPath: path) where name.invalidByte != nil {
            #expect(DirectoryEntries.nameNotText(name.name, inFolderAtPath: path) != nil)
        }
    }

    @Test func aFolderThatIsNotThereIsMissing() {
        #expect(throws: FileProblem.missing) {
            try DirectoryEntries.list(atPath: directory.appending("nowhere").path)
        }
    }

    /// Where bytes stop being UTF-8: the first byte that does not belong, counted from 1.
    @Test(
        arguments: [
            ([], nil), (Array("plain".utf8), nil), (Array("é€😀".utf8), nil),
            ([0x80], 1), ([0x61, 0xC3], 2), ([0xC3, 0xA9, 0xFF], 3), ([0x61, 0xE2, 0x82], 2),
            ([0xED, 0xA0, 0x80], 1), ([0xC0, 0xAF], 1),
        ] as [([UInt8], Int?)])
    func findsWhereBytesStopBeingText(bytes: [UInt8], position: Int?) {
        #expect(TextBytes.firstInvalidByte(in: bytes)?.position == position)
    }
}
