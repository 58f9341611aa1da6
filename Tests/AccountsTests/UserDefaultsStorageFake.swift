import Accounts
import Foundation

/// A working in-memory key-value store, in place of user defaults.
final class UserDefaultsStorageFake: UserDefaultsStorage, LoginRecording {
    private(set) var values: [String: Any] = [:]

    func set(_ value: Any?, forKey defaultName: String) { values[defaultName] = value }

    func value(forKey key: String) -> Any? { values[key] }

    func string(forKey key: String) -> String? { values[key] as? String }

    /// Every byte it holds, for checking that no secret is among them.
    var allBytes: Data {
        values.values.reduce(into: Data()) { bytes, value in
            if let data = value as? Data { bytes.append(data) }
            if let text = value as? String { bytes.append(Data(text.utf8)) }
        }
    }
}
