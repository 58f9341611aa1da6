import Foundation

/// Somewhere the preference can be saved: answers an error, or nil when it saved.
public protocol PreferenceStorable {
    func save(_ data: Data, for key: String) -> Error?
}

/// Somewhere the preference can be read back from.
public protocol PreferenceLoadable {
    /// The data saved under `key`, or nil when nothing was.
    func data(for key: String) throws -> Data?
}

/// Why a stored preference cannot be used.
public enum PreferenceStoreError: Error, Equatable, CustomStringConvertible {
    /// The store can save but not be read.
    case storeCannotBeRead
    /// The stored bytes were changed, truncated or sealed with another key.
    case tampered(path: String)
    /// A file the store needs cannot be used.
    case fileUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .storeCannotBeRead: "this preference store cannot be read back"
        case .tampered(let path):
            "the saved preference in \(path) was changed or corrupted; save it again"
        case .fileUnusable(let path, let reason): "cannot use \(path): \(reason)"
        }
    }
}
