import CasebookZip
import Foundation
import SurveySyncCore
import Testing

/// Respondent files sent from a browser: each read by the same parser and limits as a sync,
/// stored in one upsert, with a line per file: stored, unchanged, or refused and why. The same
/// files twice change nothing.
@Suite("Uploading respondent files")
struct RespondentUploadTests {
    static func file(_ name: String, _ text: String) -> RespondentUpload.File {
        RespondentUpload.File(name: name, bytes: Array(text.utf8))
    }

    @Test func storesEachFileOnceAndSaysWhatBecameOfIt() async throws {
        let store = InMemoryRespondentStore()
        let files = [
            Self.file("ada.yaml", "id: r1\nname: Ada\n"),
            Self.file("dee.yml", "name: Dee\n"),
            Self.file("broken.yaml", "id: [\n"),
        ]
        let first = try await RespondentUpload.upload(files, to: store)
        #expect(first.files.map(\.name) == ["ada.yaml", "dee.yml", "broken.yaml"])
        #expect(first.files[0].outcome == .stored)
        #expect(first.files[1].outcome == .stored)
        guard case .refused(let why) = first.files[2].outcome else {
            Issue.record("broken.yaml was not refused")
            return
        }
        #expect(why.hasPrefix("broken.yaml:2:1: "))
        #expect(first.counts == UpsertCounts(received: 2, created: 2))
        #expect(try await store.respondent(id: "dee")?.fields["name"] == .string("Dee"))

        let again = try await RespondentUpload.upload(files.dropLast(), to: store)
        #expect(again.files.map(\.outcome) == [.unchanged, .unchanged])
        #expect(again.counts.created == 0 && again.counts.updated == 0)
        #expect(try await store.count() == 2)

        let changed = try await RespondentUpload.upload(
            [Self.file("ada.yaml", "id: r1\nname: Ada L.\n")], to: store)
        #expect(changed.files.map(\.outcome) == [.stored])
        #expect(changed.counts.updated == 1)
    }

    @Test(arguments: [
        ("notes.txt", "id: x\n", "a respondent file's name ends in .yaml or .yml"),
        (".yaml", "id: x\n", "a respondent file's name ends in .yaml or .yml"),
        ("a\u{7}.yaml", "id: x\n", "control character"),
        ("empty.yaml", "", "the file is empty"),
    ])
    func aFileThatIsNoRespondentIsRefusedNamingIt(name: String, text: String, words: String)
        async throws
    {
        let report = try await RespondentUpload.upload(
            [Self.file(name, text)], to: InMemoryRespondentStore())
        guard case .refused(let why) = report.files.first?.outcome else {
            Issue.record("\(name) was not refused")
            return
        }
        #expect(why.contains(words), "\(why)")
    }

    @Test func aFileNameCarriesNoFolderAndBytesThatAreNotUTF8AreRefused() async throws {
        let store = InMemoryRespondentStore()
        let report = try await RespondentUpload.upload(
            [
                Self.file("../../etc/r9.yaml", "name: Nine\n"),
                RespondentUpload.File(name: "bad.yaml", bytes: [0x69, 0x64, 0x3A, 0x20, 0xFF]),
                RespondentUpload.File(
                    name: "big.yaml",
                    bytes: Array(repeating: 0x20, count: RespondentParser.maximumFileSize + 1)),
            ], to: store)
        #expect(report.files[0].name == "r9.yaml")
        #expect(try await store.respondent(id: "r9") != nil)
        #expect(
            report.files[1].outcome == .refused("bad.yaml: the file is not UTF-8 text without NUL"))
        guard case .refused(let why) = report.files[2].outcome else {
            Issue.record("big.yaml was not refused")
            return
        }
        #expect(why.contains("1048576"))
    }

    /// A `.zip` among the files is unpacked: each file in it read as one uploaded alone, named
    /// by its path in the archive; a ZIP that cannot be read is one refusal naming it.
    @Test func aZipsFilesAreReadAsIfEachWereUploaded() async throws {
        let store = InMemoryRespondentStore()
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_795_601_600))
        let zip =
            try writer.entry(named: "forms/ada.yaml", contents: Array("id: r1\nname: Ada\n".utf8))
            + writer.entry(named: "forms/dee.yaml", contents: Array("name: Dee\n".utf8))
            + writer.entry(named: "readme.txt", contents: Array("hello".utf8))
            + writer.finish()
        let report = try await RespondentUpload.upload(
            [
                RespondentUpload.File(name: "Team A.ZIP", bytes: zip),
                Self.file("eve.yaml", "id: r3\n"),
                RespondentUpload.File(name: "broken.zip", bytes: Array("PK no".utf8)),
            ], to: store)
        #expect(
            report.files.map(\.name) == [
                "Team A.ZIP/forms/ada.yaml", "Team A.ZIP/forms/dee.yaml", "Team A.ZIP/readme.txt",
                "eve.yaml", "broken.zip",
            ])
        #expect(report.files.map(\.outcome)[0..<2] == [.stored, .stored])
        #expect(
            report.files[2].outcome
                == .refused("readme.txt: a respondent file's name ends in .yaml or .yml"))
        #expect(report.files[4].outcome == .refused("broken.zip: it is not a ZIP file"))
        #expect(try await store.respondent(id: "dee")?.fields["name"] == "Dee")
        #expect(try await store.original(of: "r1") == "id: r1\nname: Ada\n")
        #expect(report.counts == UpsertCounts(received: 3, created: 3))
    }

    /// The files of every ZIP count against the upload's limits: past them, a ZIP is refused.
    @Test func aZipPastTheUploadsLimitsIsRefused() async throws {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_795_601_600))
        var zip: [UInt8] = []
        for number in 0...RespondentUpload.mostFiles {
            zip += try writer.entry(
                named: "r\(number).yaml", contents: Array("id: \(number)\n".utf8))
        }
        zip += writer.finish()
        let report = try await RespondentUpload.upload(
            [RespondentUpload.File(name: "all.zip", bytes: zip)], to: InMemoryRespondentStore())
        #expect(report.files.map(\.name) == ["all.zip"])
        #expect(report.files[0].outcome == .refused("all.zip: it holds more than 10000 files"))
    }

    /// An id in Unicode's decomposed form looks like its composed spelling, which the stores
    /// tell apart by bytes: its file is refused, naming the rule, and the composed one stored.
    @Test func anIdInDecomposedFormIsRefused() async throws {
        let store = InMemoryRespondentStore()
        let report = try await RespondentUpload.upload(
            [
                Self.file("a.yaml", "id: Malm\u{F6}\nn: 1\n"),
                Self.file("b.yaml", "id: Malmo\u{308}\nn: 2\n"),
            ], to: store)
        #expect(
            report.files.map(\.outcome) == [
                .stored,
                .refused(
                    "b.yaml:1:5: field 'id' is not in Unicode's composed form (NFC): its letters and accents are written apart; write it with composed letters (é, not e and a combining accent)"
                ),
            ])
        #expect(try await store.count() == 1)
        #expect(try await store.respondent(id: "Malm\u{F6}")?.fields["n"] == 1)
    }

    /// A store that cannot give its digests in one question is asked respondent by respondent,
    /// and what it holds is compared by its bytes: the same file again is unchanged, the same
    /// letters in another Unicode normalisation a change.
    @Test func aStoreAskedOneByOneComparesWhatItHoldsByItsBytes() async throws {
        let store = PlainRespondentStoreFake()
        let composed = [Self.file("a.yaml", "id: r1\ncity: Malm\u{F6}\n")]
        #expect(try await RespondentUpload.upload(composed, to: store).files[0].outcome == .stored)
        #expect(
            try await RespondentUpload.upload(composed, to: store).files[0].outcome == .unchanged)
        let decomposed = [Self.file("a.yaml", "id: r1\ncity: Malmo\u{308}\n")]
        #expect(
            try await RespondentUpload.upload(decomposed, to: store).files[0].outcome == .stored)
    }

    @Test func twoFilesOfOneIdInOneUploadStoreTheFirstAndRefuseTheSecond() async throws {
        let report = try await RespondentUpload.upload(
            [Self.file("a.yaml", "id: r1\n"), Self.file("b.yaml", "id: r1\nx: 2\n")],
            to: InMemoryRespondentStore())
        #expect(report.files[0].outcome == .stored)
        #expect(report.files[1].outcome == .refused("b.yaml: its id 'r1' is also a.yaml's"))
    }
}
