import Accounts
import Foundation

/// Spy: records what it was asked to save, and saves nothing.
final class PreferenceStoreSpy: PreferenceStorable {
    private(set) var saved: [(data: Data, key: String)] = []

    func save(_ data: Data, for key: String) -> Error? {
        saved.append((data, key))
        return nil
    }
}

/// Stub: answers every save with a preset error.
struct PreferenceStoreStub: PreferenceStorable {
    let error: any Error

    func save(_ data: Data, for key: String) -> Error? { error }
}

/// Dummy: fills the store parameter where the test never reaches the store.
struct PreferenceStoreDummy: PreferenceStorable {
    func save(_ data: Data, for key: String) -> Error? {
        preconditionFailure("a dummy is never used")
    }
}

/// An encoder that always fails, to see that its error comes back unchanged.
final class FailingEncoderStub: JSONEncoder, @unchecked Sendable {
    struct EncodingFailed: Error, Equatable {}

    override func encode<T: Encodable>(_ value: T) throws -> Data { throw EncodingFailed() }
}

/// An error to compare by identity of its message.
struct DiskFull: Error, Equatable {}
