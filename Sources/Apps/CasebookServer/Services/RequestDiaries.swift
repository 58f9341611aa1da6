import Diary
import Hummingbird

/// The diary a request works on: once the server has users, the signed-in user's own (another
/// user's entry is then simply not there: a 404); before, the server's one diary. Each user's
/// store comes from the stores (`Stores.diaryOfUser`: a SQLite file opened once and kept, or a
/// handle on the shared PostgreSQL table); how a list page learns a
/// diary's revision is the composition root's to say (`revisionReader`), since it depends on
/// the kind of store.
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

    /// How the list page of the diary `key` (a user's name, or "") over `work` learns its
    /// revision.
    typealias RevisionReader =
        @Sendable (_ key: String, _ work: DiaryWork) -> @Sendable () async throws -> Int

    let shared: Diary
    let ofUser: (@Sendable (String) throws -> any DiaryStore & Sendable)?
    let waitsOnNetwork: Bool
    let revisionReader: RevisionReader

    init(
        shared store: any DiaryStore & Sendable,
        ofUser: (@Sendable (String) throws -> any DiaryStore & Sendable)?, waitsOnNetwork: Bool,
        revisionReader: @escaping RevisionReader
    ) {
        self.ofUser = ofUser
        self.waitsOnNetwork = waitsOnNetwork
        self.revisionReader = revisionReader
        let work = DiaryWork(store: store, waitsOnNetwork: waitsOnNetwork)
        shared = Diary(work: work, revision: revisionReader("", work), key: "")
    }

    /// A diary encrypted with `casebook diary encrypt`, whose passphrase the server does not
    /// hold: 423 Locked, headed "Encrypted", saying what opens it again.
    static let sealed: RequestError = {
        var error = RequestError(
            .init(code: 423, reasonPhrase: "Locked"),
            "Your diary is encrypted with a passphrase, which this server does not have, so it cannot open it here. Your entries are safe in the encrypted file. To use the diary on this site again, ask whoever runs the server to decrypt it (casebook diary decrypt --user followed by your user name)."
        )
        error.heading = "Encrypted"
        return error
    }()

    func diary(for request: Request) throws -> Diary {
        guard let ofUser, let user = SignedInUser.name(of: request) else { return shared }
        let store: any DiaryStore & Sendable
        do {
            store = try ofUser(user)
        } catch SealedDiaryError.sealed {
            throw Self.sealed
        }
        let work = DiaryWork(store: store, waitsOnNetwork: waitsOnNetwork)
        return Diary(work: work, revision: revisionReader(user, work), key: user)
    }
}
