import Foundation

/// What `UserDefaults` offers for keeping values.
public protocol UserDefaultsStorage {
    func set(_ value: Any?, forKey defaultName: String)
    func value(forKey key: String) -> Any?
}

#if !canImport(Darwin)
    extension UserDefaults {
        /// `UserDefaults` on Linux has no key-value coding; this is the same lookup.
        public func value(forKey key: String) -> Any? {
            object(forKey: key)
        }
    }
#endif

extension UserDefaults: UserDefaultsStorage {}

/// Keeps preference data in any `UserDefaultsStorage`.
public struct UserDefaultsPreferenceStore: PreferenceStorable, PreferenceLoadable {
    private let storage: UserDefaultsStorage

    public init(storage: UserDefaultsStorage) {
        self.storage = storage
    }

    public func save(_ data: Data, for key: String) -> Error? {
        storage.set(data, forKey: key)
        return nil
    }

    public func data(for key: String) throws -> Data? {
        storage.value(forKey: key) as? Data
    }
}
