import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession the URLSession adapters share: ephemeral (no cache, nothing kept on disk), a
/// timeout per request, and tasks that follow no redirect (`RedirectRefusal`).
public struct EphemeralSession: Sendable {
    private let session: URLSession

    public init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// A data task, not yet resumed, whose redirects come back as answers.
    public func dataTask(
        with request: URLRequest,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        let task = session.dataTask(with: request, completionHandler: completion)
        task.delegate = RedirectRefusal()
        return task
    }
}
