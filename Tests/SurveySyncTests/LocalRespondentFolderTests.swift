import Foundation
import SurveySync
import Testing

@Suite("A respondents folder on the local disk")
struct LocalRespondentFolderTests {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("respondents-claim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
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
