import Foundation

/// The diaries `RequestDiaries` has made, one per user, so that a request does not make its
/// user's again.
final class MadeDiaries: @unchecked Sendable {
    private let lock = NSLock()
    private var diaries: [String: RequestDiaries.Diary] = [:]

    func diary(of user: String) -> RequestDiaries.Diary? {
        lock.withLock { diaries[user] }
    }

    func keep(_ diary: RequestDiaries.Diary, of user: String) {
        lock.withLock { diaries[user] = diary }
    }
}
