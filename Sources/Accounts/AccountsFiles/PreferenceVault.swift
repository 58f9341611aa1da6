import AccountsCore
import CasebookFileSystem
import Crypto
import Foundation

/// The real preference store: a key-value file sealed with AES-GCM, whose 256-bit key lives in
/// its own file beside it. Both files are readable by their owner only.
public enum PreferenceVault {
    public static let keyFileName = "preference.key"
    public static let preferencesFileName = "preferences.plist"

    /// Opens the vault in `directory`, creating its key on first use.
    public static func open(in directory: URL) throws -> EncryptedPreferenceStore {
        try PrivateDirectory.prepare(directory)
        let key = try loadOrCreateKey(at: directory.appendingPathComponent(keyFileName))
        let file = try KeyValueFile(url: directory.appendingPathComponent(preferencesFileName))
        return EncryptedPreferenceStore(wrapping: file, key: key, location: file.url.path)
    }

    static func loadOrCreateKey(at url: URL) throws -> SymmetricKey {
        let keySize = 32
        let notAKey = PreferenceStoreError.fileUnusable(
            path: url.path, reason: "it is not a preference key (\(keySize) bytes)")
        do {
            // One byte past a key's size, to tell a longer file from a key.
            let bytes = try BoundedFile.bytes(atPath: url.path, limit: keySize + 1)
            guard bytes.count == keySize else { throw notAKey }
            return SymmetricKey(data: bytes)
        } catch FileProblem.missing {
            // First use: made below.
        } catch FileProblem.tooLarge {
            throw notAKey
        } catch let problem as FileProblem {
            throw PreferenceStoreError.fileUnusable(path: url.path, reason: problem.description)
        }
        let key = SymmetricKey(size: .bits256)
        do {
            try OwnerOnlyFile.write(key.withUnsafeBytes { Data($0) }, to: url)
        } catch {
            throw PreferenceStoreError.fileUnusable(path: error.path, reason: error.reason)
        }
        return key
    }
}
