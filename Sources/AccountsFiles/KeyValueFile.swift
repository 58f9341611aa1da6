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

    /// Opens the file at `url`, or starts empty when there is none.
    public init(url: URL) throws {
        self.url = url
        guard FileManager.default.fileExists(atPath: url.path) else {
            values = [:]
            return
        }
        do {
            let data = try Data(contentsOf: url)
            guard
                let values = try PropertyListSerialization.propertyList(from: data, format: nil)
                    as? [String: Any]
            else {
                throw PreferenceStoreError.fileUnusable(
                    path: url.path, reason: "not a key-value file")
            }
            self.values = values
        } catch let error as PreferenceStoreError {
            throw error
        } catch {
            throw PreferenceStoreError.fileUnusable(
                path: url.path, reason: "it cannot be read (\(error))")
        }
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
