import Hummingbird

/// A page request that cannot be met, with a message meant for the person who made it. It never
/// carries an internal path or a stack trace.
struct PageError: Error {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}
