import Foundation

/// An entry in the trash, and when it was removed.
public struct TrashedEntry: Equatable, Sendable {
    public let entry: Entry
    public let removedAt: Date

    public init(entry: Entry, removedAt: Date) {
        self.entry = entry
        self.removedAt = removedAt
    }
}
