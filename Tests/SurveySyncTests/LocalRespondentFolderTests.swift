import CasebookTestSupport
import Foundation
import SurveySync
import Testing

@Suite("A respondents folder on the local disk")
struct LocalRespondentFolderTests {
    let directory: TemporaryDirectory
    var url: URL { directory.url }

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The claim is a lock on the folder itself, shared by every process (and every opening of
    /// the folder) on the machine.
    @Test func oneSyncAtATimeHoldsTheFolder() throws {
        let first = try #require(try LocalRespondentFolder(url: url).claimForSync())
        #expect(try LocalRespondentFolder(url: url).claimForSync() == nil)
        first.end()
        let second = try #require(try LocalRespondentFolder(url: url).claimForSync())
        second.end()
    }

    @Test func aClaimNobodyEndsIsReleasedWhenItGoes() throws {
        do {
            _ = try #require(try LocalRespondentFolder(url: url).claimForSync())
        }
        #expect(try LocalRespondentFolder(url: url).claimForSync() != nil)
    }

    @Test func listsItsYAMLFilesByNameWithTheSizeOfEachRegularOne() throws {
        try Data("id: 1\n".utf8).write(to: url.appendingPathComponent("b.yaml"))
        try Data("id: 22\n".utf8).write(to: url.appendingPathComponent("a.yml"))
        try Data("not a respondent".utf8).write(to: url.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("folder.yaml"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: url.appendingPathComponent("link.yaml").path, withDestinationPath: "b.yaml")

        let files = try LocalRespondentFolder(url: url).respondentFiles()

        #expect(files.map(\.name) == ["a.yml", "b.yaml", "folder.yaml", "link.yaml"])
        #expect(files.map(\.size) == [7, 6, nil, nil])
    }

    @Test func aFolderGivenWithATrailingSlashListsTheSame() throws {
        try Data("id: 1\n".utf8).write(to: url.appendingPathComponent("b.yaml"))
        let slashed = URL(fileURLWithPath: url.path + "/")

        let files = try LocalRespondentFolder(url: slashed).respondentFiles()

        #expect(files.map(\.name) == ["b.yaml"])
        #expect(files.map(\.size) == [6])
    }

    @Test func claimingAFolderThatIsNotThereIsAnError() {
        let missing = url.appendingPathComponent("missing")
        #expect(throws: POSIXError(.ENOENT)) {
            try LocalRespondentFolder(url: missing).claimForSync()
        }
    }
}
