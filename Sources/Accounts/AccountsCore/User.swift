import Foundation

/// Someone who signs in. The password is kept only as a slow, salted hash.
public struct User: Equatable, Sendable {
    public var name: String
    public var role: UserRole
    public var passwordHash: String
    public var createdAt: Date
    /// A disabled user keeps everything (their role, tokens, what they saved) but cannot sign
    /// in, and neither their sessions nor their tokens sign anything in, until enabled again.
    public var disabled: Bool

    public init(name: String, role: UserRole, passwordHash: String, createdAt: Date) {
        self.init(
            name: name, role: role, passwordHash: passwordHash, createdAt: createdAt,
            disabled: false)
    }

    public init(
        name: String, role: UserRole, passwordHash: String, createdAt: Date, disabled: Bool
    ) {
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.disabled = disabled
    }

    /// Whether `name` can name a user: 1 to 64 of a-z, 0-9, '.', '_' and '-', starting with a
    /// letter or digit (so that it is safe in paths, logs and URLs, and unambiguous).
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count <= 64, let first = bytes.first else { return false }
        func allowed(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        return allowed(first)
            && bytes.allSatisfy {
                allowed($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "-")
            }
    }
}
