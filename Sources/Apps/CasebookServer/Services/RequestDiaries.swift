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
        /// Whether it is an encrypted diary, unlocked: its pages offer Lock.
        var unlocked = false
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
    /// Each user's diary encrypted and unlocked from the server's pages; nil where diaries are
    /// not files in the data directory.
    var encryption: DiaryEncryption?

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

    /// An encrypted diary that is not unlocked: 423 Locked, headed "Encrypted", a page with the
    /// form that unlocks it (`diary-locked`), back at the page asked for (`next`).
    static func locked(next: String?) -> RequestError {
        var error = RequestError(
            .init(code: 423, reasonPhrase: "Locked"),
            "Your diary is encrypted and locked: its passphrase, typed here, opens it.")
        error.heading = "Encrypted"
        error.template = "diary-locked"
        error.templateValues["next"] = next ?? "/diary"
        return error
    }

    /// A diary encrypted where the server cannot unlock it (its diaries are not files in its
    /// data directory): 423 Locked, headed "Encrypted", saying what opens it again.
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
        if let encryption {
            if let open = encryption.unlocked(user) {
                var work = DiaryWork(store: open.store, waitsOnNetwork: false)
                work.beforeEachCall = open.begin
                work.afterEachCall = open.end
                let store = open.store
                // Its own key in the page cache: the page of an unlocked diary offers Lock.
                return Diary(
                    work: work, revision: { try store.revision() }, key: user + "/unlocked",
                    unlocked: true)
            }
            if encryption.state(of: user) == .locked {
                throw Self.locked(next: request.method == .get ? request.uri.path : nil)
            }
        }
        let store: any DiaryStore & Sendable
        do {
            store = try ofUser(user)
        } catch SealedDiaryError.sealed {
            throw encryption == nil ? Self.sealed : Self.locked(next: nil)
        }
        let work = DiaryWork(store: store, waitsOnNetwork: waitsOnNetwork)
        return Diary(work: work, revision: revisionReader(user, work), key: user)
    }
}
