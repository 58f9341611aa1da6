import Foundation

/// Users' preference choices in memory: for tests, and for a server that needs nothing kept.
public final class InMemoryPreferenceChoiceStore: PreferenceChoiceStore, @unchecked Sendable {
    private let lock = NSLock()
    private var choices: [String: PreferenceChoice] = [:]

    public init() {}

    public func save(_ choice: PreferenceChoice, forUser userId: String) async throws {
        lock.withLock { choices[userId] = choice }
    }

    public func choice(forUser userId: String) async throws -> PreferenceChoice? {
        lock.withLock { choices[userId] }
    }
}
