import Diary
import Foundation

/// Each user's diary, opened once and kept: a store per user name.
final class UserDiaries: @unchecked Sendable {
    private let open: @Sendable (String) throws -> any DiaryStore & Sendable
    private let lock = NSLock()
    private var opened: [String: any DiaryStore & Sendable] = [:]

    init(open: @escaping @Sendable (String) throws -> any DiaryStore & Sendable) {
        self.open = open
    }

    func diary(of user: String) throws -> any DiaryStore & Sendable {
        try lock.withLock {
            if let diary = opened[user] { return diary }
            let diary = try open(user)
            opened[user] = diary
            return diary
        }
    }

    /// `body`, with the diary of `user` let go of first and not opened again until `body` is
    /// done: for a change of the file itself (encrypting it, or writing it back plain).
    func releasing(_ user: String, _ body: () throws -> Void) throws {
        try lock.withLock {
            opened[user] = nil
            try body()
        }
    }
}
