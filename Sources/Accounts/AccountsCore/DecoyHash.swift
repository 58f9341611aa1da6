import Foundation

/// A hash of a password nobody has, made once on first need, for checking a password when the
/// user does not exist: the check then costs what a real one costs.
final class DecoyHash: @unchecked Sendable {
    private let lock = NSLock()
    private var hash: String?

    func value(_ hasher: any PasswordHasher) -> String {
        lock.withLock {
            if let hash { return hash }
            let made = hasher.hash("casebook decoy \(UUID().uuidString)")
            hash = made
            return made
        }
    }
}
