import Foundation

/// Pushes a user's preference to the backend at `<base>/api/preferences/<user id>`.
public struct PreferencePublisher {
    private let api: PUTAPI
    private let baseURL: URL

    public init(api: PUTAPI, baseURL: URL) {
        self.api = api
        self.baseURL = baseURL
    }

    public func url(forUser userId: String) -> URL {
        baseURL.appendingPathComponent("api").appendingPathComponent("preferences")
            .appendingPathComponent(userId)
    }

    public func push(
        _ preference: Preference, forUser userId: String,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        api.executePUTRequest(for: url(forUser: userId), with: preference, completion: completion)
    }

    public func push(_ preference: Preference, forUser userId: String) async throws {
        try await api.executePUTRequest(for: url(forUser: userId), with: preference)
    }
}
