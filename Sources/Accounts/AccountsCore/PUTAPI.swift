import Foundation

/// Executes a PUT of a preference: the remote-sync seam.
public protocol PUTAPI {
    /// Calls `completion` exactly once, with success or the reason for failure.
    func executePUTRequest(
        for url: URL, with preference: Preference,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void)
}

extension PUTAPI {
    public func executePUTRequest(for url: URL, with preference: Preference) async throws {
        try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Void, any Error>) in
            executePUTRequest(for: url, with: preference) { continuation.resume(with: $0) }
        }
    }
}
