import CasebookZip
import Foundation
import SurveySync
import Testing

@testable import SurveySyncCore

/// A store's respondents as a ZIP of their files: each its original, or its JSON when it came
/// without one, named after its id; read back as files, the same respondents.
@Suite("An archive of respondents' files")
struct RespondentArchiveTests {
    @Test(arguments: [
        ("r1", "r1.yaml"), ("Ada Okafor", "Ada%20Okafor.yaml"),
        ("../etc/passwd", "%2E.%2Fetc%2Fpasswd.yaml"),
        ("a%2Fb", "a%252Fb.yaml"), (".hidden", "%2Ehidden.yaml"),
        ("Łódź", "%C5%81%C3%B3d%C5%BA.yaml"),
        ("a.b", "a.b.yaml"),
    ])
    func aFilesNameIsItsIdKeptInsideTheFolder(id: String, name: String) {
        #expect(RespondentArchive.fileName(forID: id) == name)
    }

    @Test func holdsEachOriginalOrItsJSONInIdOrderAPageAtATime() async throws {
        let store = InMemoryRespondentStore()
        let ada = try RespondentParser.respondent(
            fromYAML: "id: ada\nname: Ada  # typed\nage: 41\n", fileName: "ada.yaml")
        let json = Respondent(
            id: "b/7", fields: ["id": "b/7", "note": "é \"quoted\"\n", "n": 1.5, "l": [1, .null]])
        _ = try await store.upsert([json, ada], from: .unknown)
        var archive = RespondentArchive(
            store: store, modified: Date(timeIntervalSince1970: 1_795_601_600))
        archive.pageSize = 1
        var pieces: [[UInt8]] = []
        try await archive.write { pieces.append($0) }
        #expect(pieces.count == 3, "a piece per page of one, then the directory")
        var expected = ZipWriter(modified: Date(timeIntervalSince1970: 1_795_601_600))
        let bytes =
            try expected.entry(named: "ada.yaml", contents: Array(ada.originalYAML!.utf8))
            + expected.entry(
                named: "b%2F7.yaml", contents: Array(JSONWriter.data(.object(json.fields))))
            + expected.finish()
        #expect(pieces.flatMap { $0 } == bytes)
        // The JSON a respondent without a file is written as reads as that respondent.
        let back = try RespondentParser.respondent(
            fromYAML: JSONWriter.string(.object(json.fields)), fileName: "b%2F7.yaml")
        #expect(back == json)
    }

    /// The JSON of a respondent without a file reads back as that respondent whatever
    /// characters it holds: those a YAML file may not hold as they are (DEL, C1 controls such
    /// as NEL, which YAML would read as a line break, the line and paragraph separators, a byte
    /// order mark, U+FFFF) are written as JSON's escapes, which YAML reads too.
    @Test func theJSONOfARespondentReadsBackWhateverCharactersItHolds() async throws {
        let respondent = Respondent(
            id: "\u{FFFF}",
            fields: [
                "id": "\u{FFFF}", "v": "a\u{85}b", "w": "a\u{7F}c", "k\u{2028}": "v\u{2029}",
                "b": "\u{FEFF}x", "e": "é \"q\" \\u0085",
            ])
        let store = InMemoryRespondentStore()
        _ = try await store.upsert([respondent], from: .unknown)
        var bytes: [UInt8] = []
        try await RespondentArchive(store: store).write { bytes += $0 }
        let written = RespondentArchive.yamlReadable(JSONWriter.data(.object(respondent.fields)))
        #expect(
            String(decoding: bytes, as: UTF8.self).contains(
                String(decoding: written, as: UTF8.self)))
        let back = try RespondentParser.respondent(
            fromYAML: String(decoding: written, as: UTF8.self), fileName: "x.yaml")
        #expect(back == respondent)
        let plain = Array(#"{"id":"r","e":"é"}"#.utf8)
        #expect(RespondentArchive.yamlReadable(plain) == plain)
    }

    /// A long id's name is cut and ended with a digest of it: every name fits a file system.
    @Test func aLongIdsNameIsCutAndEndedWithItsDigest() {
        let long = String(repeating: " ", count: 21_844)
        let name = RespondentArchive.fileName(forID: long)
        #expect(name.utf8.count <= 150 + 1 + 16 + 5)
        #expect(name.hasPrefix("%20%20"))
        #expect(name.hasSuffix(".yaml"))
        #expect(RespondentArchive.fileName(forID: long + " ") != name)
        let cjk = String(repeating: "東", count: 40)
        #expect(RespondentArchive.fileName(forID: cjk).utf8.count <= 172)
    }

    /// An original without an `id` field is named by its file, which an escaped name would
    /// change: the archive holds its JSON instead, which names its id.
    @Test func anOriginalThatWouldNotReadBackIsWrittenAsJSON() async throws {
        let store = InMemoryRespondentStore()
        let named = try RespondentParser.respondent(
            fromYAML: "name: Ada\n", fileName: "Ada Lovelace.yaml")
        let plain = try RespondentParser.respondent(fromYAML: "name: Eve\n", fileName: "eve.yaml")
        _ = try await store.upsert([named, plain], from: .unknown)
        var bytes: [UInt8] = []
        try await RespondentArchive(store: store).write { bytes += $0 }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#"Ada%20Lovelace.yaml{"id":"Ada Lovelace","name":"Ada"}"#))
        #expect(text.contains("eve.yamlname: Eve\n"))
    }

    @Test func holdsOnlyWhatTheFilterTakes() async throws {
        let store = InMemoryRespondentStore()
        _ = try await store.upsert(
            [Respondent(id: "a", fields: ["id": "a"])],
            from: RespondentSender(user: "sara", device: nil))
        _ = try await store.upsert([Respondent(id: "b", fields: ["id": "b"])], from: .unknown)
        let archive = RespondentArchive(store: store, filter: RespondentFilter(user: "sara"))
        var bytes: [UInt8] = []
        try await archive.write { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self).contains("a.yaml"))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("b.yaml"))
    }
}
