import Diary
import Foundation

/// Each user's diary revision in the data directory, re-read only when the directory changed
/// since that user's last read (one shared inotify watch for all of them).
final class UserRevisions: @unchecked Sendable {
    private let generation: ChangeGeneration
    private let lock = NSLock()
    private var known: [String: (generation: Int, revision: Int)] = [:]

    init(generation: ChangeGeneration) {
        self.generation = generation
    }

    func revision(of user: String, in store: any DiaryStore) throws -> Int {
        let now = generation.current()
        if let known = lock.withLock({ known[user] }), known.generation == now {
            return known.revision
        }
        let revision = try store.revision()
        lock.withLock { known[user] = (now, revision) }
        return revision
    }
}
