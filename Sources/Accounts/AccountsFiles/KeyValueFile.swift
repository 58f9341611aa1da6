import AccountsCore
import CasebookFileSystem
import Foundation

/// A small key-value store in one property-list file, readable by its owner only, rewritten
/// atomically on every change: user defaults with a path of our choosing.
public final class KeyValueFile: UserDefaultsStorage, LoginRecording, PreferenceStorable,
    PreferenceLoadable
{
    public let url: URL
    private var values: [String: Any]
    /// The error of the last `set`, which cannot throw (its signature is `UserDefaults`').
    public private(set) var lastWriteError: (any Error)?

    /// The most a key-value file may hold: 1 MiB, far more than a username and a preference.
    public static let maximumSize = 1024 * 1024

    /// Opens the file at `url`, or starts empty when there is none. Only a regular file of at
    /// most `maximumSize` bytes, not reached through a symbolic link, is read.
    public init(url: URL) throws {
        self.url = url
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(atPath: url.path, limit: Self.maximumSize)
        } catch .missing {
            values = [:]
            return
        } catch {
            throw PreferenceStoreError.fileUnusable(path: url.path, reason: error.description)
        }
        guard
            let values = try? PropertyListSerialization.propertyList(
                from: Data(bytes), format: nil) as? [String: Any]
        else {
            throw PreferenceStoreError.fileUnusable(path: url.path, reason: "not a key-value file")
        }
        self.values = values
    }

    public func set(_ value: Any?, forKey defaultName: String) {
        lastWriteError = store(value, forKey: defaultName)
    }

    public func value(forKey key: String) -> Any? {
        values[key]
    }

    public func string(forKey key: String) -> String? {
        values[key] as? String
    }

    public func save(_ data: Data, for key: String) -> Error? {
        store(data, forKey: key)
    }

    public func data(for key: String) throws -> Data? {
        values[key] as? Data
    }

    private func store(_ value: Any?, forKey key: String) -> (any Error)? {
        var changed = values
        changed[key] = value
        do {
            let data = try PropertyListSerialization.data(
                fromPropertyList: changed, format: .binary, options: 0)
            try OwnerOnlyFile.write(data, to: url)
        } catch let error as OwnerOnlyFile.Failure {
            return PreferenceStoreError.fileUnusable(path: error.path, reason: error.reason)
        } catch {
            return error
        }
        values = changed
        return nil
    }
}
