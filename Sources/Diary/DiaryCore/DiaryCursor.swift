import Foundation

/// A position in the diary's order (newest first: date, then id, both descending): the last
/// entry of a page, after which the next page starts. Paging by position rather than by count
/// keeps every entry on exactly one page while entries are added or removed, and costs the same
/// on the last page as on the first.
public struct DiaryCursor: Equatable, Hashable, Sendable {
    public let date: Date
    public let id: Entry.ID

    public init(date: Date, id: Entry.ID) {
        self.date = date
        self.id = id
    }

    /// The position of `entry`.
    public init(_ entry: Entry) {
        self.init(date: entry.date, id: entry.id)
    }

    /// Whether `entry` comes after this position in the diary's order.
    public func precedes(_ entry: Entry) -> Bool {
        entry.date != date
            ? entry.date < date : entry.id.uuidString < id.uuidString
    }

    /// The cursor as a token for a URL, opaque to clients: the date as seconds since 2001 in
    /// the shortest decimal that reads back to the same bits, `_`, and the id's 32 hex digits.
    public var token: String {
        "\(date.timeIntervalSinceReferenceDate)_"
            + id.uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// The cursor a token stands for; nil for anything that is not one. Any decimal number of
    /// seconds is a position, not only one a page ended at.
    public init?(token: String) {
        guard (34...96).contains(token.utf8.count), let split = token.lastIndex(of: "_") else {
            return nil
        }
        let number = token[..<split]
        let hex = token[token.index(after: split)...]
        guard
            number.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D || byte == 0x2B
                    || byte == 0x65
            }),
            let seconds = Double(number), seconds.isFinite,
            hex.utf8.count == 32,
            hex.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return nil }
        let digits = Array(hex)
        let groups: [String] = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(digits[range])
        }
        guard let id = UUID(uuidString: groups.joined(separator: "-")) else { return nil }
        self.init(date: Date(timeIntervalSinceReferenceDate: seconds), id: id)
    }
}
