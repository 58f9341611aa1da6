import Diary
import DiaryPostgres
import Hummingbird

/// The diary a request works on: once the server has users, the signed-in user's own (another
/// user's entry is then simply not there: a 404); before, the server's one diary.
struct RequestDiaries: Sendable {
    /// A diary, where its calls run, and how the list page learns its revision.
    struct Diary: Sendable {
        let work: DiaryWork
        let revision: @Sendable () async throws -> Int
        /// Tells cached list pages apart: the owner's name, or "" for the shared diary.
        let key: String
        /// The list page's key in the page cache.
        var listKey: String { "list-" + key }
    }

    let shared: Diary
    let ofUser: (@Sendable (String) throws -> any DiaryStore & Sendable)?
    let waitsOnNetwork: Bool
    /// Users' revisions for diaries in the data directory, re-read only when it changed.
    let revisions: UserRevisions?

    /// Each user's diary, made on first use.
    let made = MadeDiaries()

    func diary(for request: Request) throws -> Diary {
        guard let ofUser, let user = SignedInUser.name(of: request) else { return shared }
        if let diary = made.diary(of: user) { return diary }
        let diary = try make(for: user, store: try ofUser(user))
        made.keep(diary, of: user)
        return diary
    }

    private func make(for user: String, store: any DiaryStore & Sendable) throws -> Diary {
        let work = DiaryWork(store: store, waitsOnNetwork: waitsOnNetwork)
        if let postgres = store as? PostgresDiaryStore {
            return Diary(work: work, revision: { try await postgres.currentRevision() }, key: user)
        }
        if let revisions, store is SQLiteDiaryStore {
            // A user's own file in the data directory: read again only after it changed.
            return Diary(
                work: work, revision: { try revisions.revision(of: user, in: store) }, key: user)
        }
        // Memory, or anything else: one read per view.
        return Diary(
            work: work, revision: { try await work.run { try store.revision() } }, key: user)
    }
}
