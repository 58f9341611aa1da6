import Foundation

/// Saves the "save password?" preference in whatever store it is given.
public struct StorageController {
    public static let preferenceStoreKey = "PreferenceStoreKey"

    private let persistenceStore: PreferenceStorable
    private let encoder: JSONEncoder

    public init(persistenceStore: PreferenceStorable, encoder: JSONEncoder = JSONEncoder()) {
        self.persistenceStore = persistenceStore
        self.encoder = encoder
    }

    /// Encodes with the injected encoder and stores under `preferenceStoreKey`; an error from
    /// either comes back unchanged.
    public func save(preference: Preference) throws {
        let data = try encoder.encode(preference)
        if let error = persistenceStore.save(data, for: Self.preferenceStoreKey) { throw error }
    }

    /// The saved preference, or nil when none was saved.
    public func loadPreference() throws -> Preference? {
        guard let store = persistenceStore as? PreferenceLoadable else {
            throw PreferenceStoreError.storeCannotBeRead
        }
        guard let data = try store.data(for: Self.preferenceStoreKey) else { return nil }
        return try JSONDecoder().decode(Preference.self, from: data)
    }
}
