import Foundation

/// Reads a remembered value, as `UserDefaults` does.
public protocol LoginStorage {
    func string(forKey: String) -> String?
}

/// A `LoginStorage` that can also be written.
public protocol LoginRecording: LoginStorage {
    func set(_ value: Any?, forKey defaultName: String)
}

extension UserDefaults: LoginStorage {}
extension UserDefaults: LoginRecording {}

/// Why a username was not remembered.
public enum LoginError: Error, Equatable, CustomStringConvertible {
    case storageIsReadOnly
    case blankUsername

    public var description: String {
        switch self {
        case .storageIsReadOnly: "the login storage cannot be written"
        case .blankUsername: "a username cannot be blank"
        }
    }
}

/// Remembers who logged in last, so the login screen can offer the name again.
public final class LoginHandler {
    public static let previousUsernameKey = "PreviousUsername"

    private let storage: LoginStorage

    public init(storage: LoginStorage = UserDefaults.standard) {
        self.storage = storage
    }

    /// The username of the last successful login, if any.
    public var previousUsername: String? {
        storage.string(forKey: Self.previousUsernameKey)
    }

    /// Call after a successful login.
    public func rememberUsername(afterLoggingInAs username: String) throws {
        let username = username.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !username.isEmpty else { throw LoginError.blankUsername }
        guard let storage = storage as? LoginRecording else { throw LoginError.storageIsReadOnly }
        storage.set(username, forKey: Self.previousUsernameKey)
    }
}
