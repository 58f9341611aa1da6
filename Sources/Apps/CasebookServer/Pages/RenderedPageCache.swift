import Foundation
import NIOCore

/// Rendered pages kept until what they show changes: a page is rendered once per revision of its
/// data, with a random placeholder where each visitor's CSRF token goes, and served by joining
/// the pieces around the placeholder with the visitor's own token.
final class RenderedPageCache: @unchecked Sendable {
    /// Stands for the CSRF token in a cached page; random, so no user text can contain it.
    let tokenPlaceholder =
        "csrf-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()

    private struct Entry {
        let revision: Int
        let pieces: [ByteBuffer]
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// The most pages kept: each viewer's, each day's and each opening status's menu page has
    /// a key of its own, so that the cache is emptied when it holds this many rather than
    /// growing with the server's uptime.
    static let capacity = 512

    /// The page `key` at `revision`, rendering it with `render` (given the placeholder) when the
    /// cached one is missing or older.
    /// The page cached for `key` if it was rendered at `revision`.
    func cached(_ key: String, revision: Int) -> [ByteBuffer]? {
        lock.withLock { entries[key] }.flatMap { $0.revision == revision ? $0.pieces : nil }
    }

    /// A page that must not outlive the request (an unlocked encrypted diary's, whose text
    /// is let go of when the diary is locked) is rendered each time and never kept: `keep`
    /// false.
    func page(
        _ key: String, revision: Int, keep: Bool = true, render: (String) throws -> String
    ) rethrows -> [ByteBuffer] {
        if keep, let cached = lock.withLock({ entries[key] }), cached.revision == revision {
            return cached.pieces
        }
        let pieces = try render(tokenPlaceholder).components(separatedBy: tokenPlaceholder).map {
            ByteBuffer(string: $0)
        }
        guard keep else { return pieces }
        lock.withLock {
            if entries[key] == nil, entries.count >= Self.capacity {
                entries.removeAll(keepingCapacity: true)
            }
            entries[key] = Entry(revision: revision, pieces: pieces)
        }
        return pieces
    }
}
