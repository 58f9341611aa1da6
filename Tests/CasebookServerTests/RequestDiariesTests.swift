import CasebookTestSupport
import Diary
import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import CasebookServer

/// The diary a request works on, and how its list page learns the revision: a signed-in
/// user's own SQLite file goes through the shared watch (read again only after a change);
/// nobody signed in gets the server's one diary.
@Suite("Each request's diary")
struct RequestDiariesTests {
    static let request = Request(
        head: HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/diary"),
        body: .init(buffer: .init()))

    @Test func aUsersOwnFileIsReadAgainOnlyAfterAChange() async throws {
        let folder = try TemporaryDirectory()
        let own = try SQLiteDiaryStore(path: folder.appending("diary-dee.sqlite").path)
        let shared = InMemoryDiaryStore()
        let revisions = UserRevisions(
            generation: ChangeGeneration(
                signal: ChangeSignalStub(answers: [false, false, false, true])))
        let diaries = RequestDiaries(
            shared: shared, ofUser: { _ in own }, waitsOnNetwork: false,
            revisionReader: CasebookServer.diaryRevisionReader(revisions: revisions))
        let anonymous = try diaries.diary(for: Self.request)
        #expect(anonymous.key == "")
        try await SignedInUser.$current.withValue("dee") {
            let diary = try diaries.diary(for: Self.request)
            #expect(diary.key == "dee")
            #expect(try await diary.revision() == 0)
            try own.save(Entry(date: Date(), text: "not yet seen: no change signalled"))
            #expect(try await diary.revision() == 0, "no change signalled: not read again")
            #expect(try await diary.revision() == 0)
            #expect(try await diary.revision() == 1, "a change signalled: read again")
        }
    }
}
