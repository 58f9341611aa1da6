import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A task's delegate that refuses every redirect, so that the 3xx answer itself comes back: a
/// request, with the bearer token or the body it carries, is never sent on to an address a
/// server names.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
