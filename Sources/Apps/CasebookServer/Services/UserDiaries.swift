import Diary
import Foundation

/// Each user's diary, opened once and kept: a store per user name.
final class UserDiaries: @unchecked Sendable {
    private let open: @Sendable (String) throws -> any DiaryStore & Sendable
    private let lock = NSLock()
    private var opened: [String: any DiaryStore & Sendable] = [:]
    /// The users whose diary file is being changed (`releasing`), which is not opened meanwhile.
    private var changing: Set<String> = []

    /// What a request for a diary being encrypted or decrypted is told.
    static let busy = RequestError(
        .serviceUnavailable,
        "Your diary is being encrypted or decrypted just now: try again in a moment.")

    init(open: @escaping @Sendable (String) throws -> any DiaryStore & Sendable) {
        self.open = open
    }

    func diary(of user: String) throws -> any DiaryStore & Sendable {
        try lock.withLock {
            guard !changing.contains(user) else { throw Self.busy }
            if let diary = opened[user] { return diary }
            let diary = try open(user)
            opened[user] = diary
            return diary
        }
    }

    /// `body`, with the diary of `user` let go of first and not opened again until `body` is
    /// done: for a change of the file itself (encrypting it, or writing it back plain). Other
    /// users' diaries are opened meanwhile.
    func releasing(_ user: String, _ body: () throws -> Void) throws {
        try lock.withLock {
            guard changing.insert(user).inserted else { throw Self.busy }
            opened[user] = nil
        }
        defer { _ = lock.withLock { changing.remove(user) } }
        try body()
    }
}
