import CasebookTestSupport
import Foundation
import SurveySync
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A respondents folder is outside input like any other: a link to a file elsewhere, a FIFO, a
/// folder named `*.yaml` or a file too large to be a respondent is reported by name and never
/// read, and the other files still sync.
@Suite("A respondents folder with traps in it")
struct HostileFolderTests {
    let directory: TemporaryDirectory
    let folder: URL
    let backend = BackendFake()

    init() throws {
        directory = try TemporaryDirectory()
        folder = directory.appending("Respondents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "id: ok\n".write(
            to: folder.appendingPathComponent("ok.yaml"), atomically: true, encoding: .utf8)
    }

    func sync() async throws -> SyncReport {
        try await SurveySynchronizer(
            folder: LocalRespondentFolder(url: folder), uploader: backend, retryDelays: []
        ).sync()
    }

    func expectOnlyOKSynced(_ report: SyncReport, failure: String) async {
        #expect(report.summary == "synced 1, unchanged 0, failed 1")
        #expect(report.failures.map(\.message) == [failure])
        #expect(await backend.stored.keys.sorted() == ["ok"])
    }

    @Test func aLinkToAFileOutsideTheFolderIsNotFollowed() async throws {
        let secret = try directory.file("secret.yaml", contents: "id: secret\npassword: hunter2\n")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("linked.yaml"), withDestinationURL: secret)
        await expectOnlyOKSynced(
            try await sync(),
            failure: "linked.yaml: it is a symbolic link, which is not followed here")
    }

    @Test func aFIFOIsReportedNotWaitedOn() async throws {
        #expect(mkfifo(folder.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        await expectOnlyOKSynced(
            try await sync(), failure: "pipe.yaml: it is a FIFO, not a regular file")
    }

    /// A name is bytes on Linux: one that is not UTF-8 is reported as it is, never read as
    /// the file whose name has U+FFFD in place of those bytes (a twin of that name was once read
    /// twice and the respondent behind the other name never sent).
    @Test func aFileWhoseNameIsNotUTF8IsReportedNotTakenForAnother() async throws {
        try directory.file(
            rawName: Array("Respondents/a".utf8) + [0x80] + Array(".yaml".utf8),
            contents: "id: hidden\n")
        try "id: twin\n".write(
            to: folder.appendingPathComponent("a\u{FFFD}.yaml"), atomically: true, encoding: .utf8)
        let report = try await sync()
        #expect(report.summary == "synced 2, unchanged 0, failed 1")
        #expect(
            report.failures.map(\.message) == [
                "a\\200.yaml: its name is not UTF-8 text (its byte 2 is 0x80): rename it"
            ])
        #expect(await backend.stored.keys.sorted() == ["ok", "twin"])
    }

    @Test func aFolderNamedLikeARespondentFileIsReported() async throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("nested.yaml"), withIntermediateDirectories: true)
        await expectOnlyOKSynced(try await sync(), failure: "nested.yaml: it is a folder")
    }

    @Test func aFileLargerThanTheCapIsRefusedBeforeItIsRead() async throws {
        let huge = folder.appendingPathComponent("huge.yaml")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(RespondentParser.maximumFileSize) + 1)
        try handle.close()
        await expectOnlyOKSynced(
            try await sync(), failure: "huge.yaml: it is larger than 1 MiB, the most read here")
    }

    @Test func aFileJustUnderTheCapIsRead() async throws {
        let text =
            "id: big\nnote: " + String(repeating: "x", count: RespondentParser.maximumFileSize - 20)
            + "\n"
        try text.write(
            to: folder.appendingPathComponent("big.yaml"), atomically: true, encoding: .utf8)
        #expect(try await sync().summary == "synced 2, unchanged 0, failed 0")
    }

    @Test func aLedgerThatIsALinkIsRefused() async throws {
        let elsewhere = try directory.file("elsewhere.json", contents: #"{"version":1,"files":{}}"#)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent(".casebook-sync-ledger.json"),
            withDestinationURL: elsewhere)
        await #expect {
            try await sync()
        } throws: { error in
            "\(error)".hasSuffix("it is a symbolic link, which is not followed here")
        }
        #expect(await backend.stored.isEmpty)
    }
}
