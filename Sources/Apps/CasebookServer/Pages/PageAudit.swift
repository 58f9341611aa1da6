import Foundation

/// Keeps every page rendered (its template and context), for a test to check that every name
/// a template uses is one its context gives.
final class PageAudit: @unchecked Sendable {
    private let lock = NSLock()
    private var rendered: [(template: String, context: [String: Any])] = []

    func record(_ template: String, _ context: [String: Any]) {
        lock.withLock { rendered.append((template, context)) }
    }

    var renders: [(template: String, context: [String: Any])] { lock.withLock { rendered } }
}
