import Crypto
import Foundation

/// Seals preference data with AES-GCM before handing it to another store, and opens it when
/// reading back: the other store (and its disk) never sees a password. Changed or truncated data
/// fails authentication and is reported, never decoded into a wrong preference.
public struct EncryptedPreferenceStore: PreferenceStorable, PreferenceLoadable {
    private let inner: PreferenceStorable & PreferenceLoadable
    private let key: SymmetricKey
    /// Where the sealed data lives, for messages.
    private let location: String

    public init(
        wrapping inner: PreferenceStorable & PreferenceLoadable, key: SymmetricKey, location: String
    ) {
        self.inner = inner
        self.key = key
        self.location = location
    }

    public func save(_ data: Data, for key: String) -> Error? {
        do {
            guard let sealed = try AES.GCM.seal(data, using: self.key).combined else {
                return PreferenceStoreError.fileUnusable(
                    path: location, reason: "cannot seal the data")
            }
            return inner.save(sealed, for: key)
        } catch {
            return error
        }
    }

    public func data(for key: String) throws -> Data? {
        guard let sealed = try inner.data(for: key) else { return nil }
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: self.key)
        } catch {
            throw PreferenceStoreError.tampered(path: location)
        }
    }
}
