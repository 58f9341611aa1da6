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

    @Test func claimingAFolderThatIsNotThereIsAnError() {
        let missing = url.appendingPathComponent("missing")
        #expect(throws: POSIXError(.ENOENT)) {
            try LocalRespondentFolder(url: missing).claimForSync()
        }
    }
}
