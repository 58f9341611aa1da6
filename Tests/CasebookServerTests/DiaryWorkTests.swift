import AccountsCore
import Diary
import Testing

@testable import CasebookServer

/// Where the diary's store is called: over PostgreSQL, on threads of a pool of its own, which
/// must still see the request's task-local values (who is signed in, what the pages may offer),
/// as the work does over SQLite, where it runs in the request's task.
@Suite("The diary's work on the request's values")
struct DiaryWorkTests {
    private struct Seen: Sendable, Equatable {
        let user: String?
        let device: String?
        let viewer: PageViewer
        let privateMenu: Bool
        let recordedUser: String?

        static func now() -> Seen {
            Seen(
                user: SignedInUser.current, device: SignedInUser.device,
                viewer: PageViewer.current, privateMenu: RouteTable.privateMenu,
                recordedUser: RequestRecord.current?.user)
        }
    }

    @Test(arguments: [false, true])
    func theWorkSeesTheRequestsValuesWhereverItRuns(waitsOnNetwork: Bool) async throws {
        let work = DiaryWork(store: InMemoryDiaryStore(), waitsOnNetwork: waitsOnNetwork)
        let record = RequestRecord()
        record.user = "ada"
        let expected = Seen(
            user: "ada", device: "phone", viewer: .user(.diarist), privateMenu: true,
            recordedUser: "ada")
        let seen = try await SignedInUser.$current.withValue("ada") {
            try await SignedInUser.$device.withValue("phone") {
                try await PageViewer.$current.withValue(.user(.diarist)) {
                    try await RouteTable.$privateMenu.withValue(true) {
                        try await RequestRecord.$current.withValue(record) {
                            try await work.entries { _ in Seen.now() }
                        }
                    }
                }
            }
        }
        #expect(seen == expected)
    }
}
