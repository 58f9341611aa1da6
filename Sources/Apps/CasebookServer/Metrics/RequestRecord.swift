/// What is learnt about a request while it is handled and belongs in its access-log line: who
/// it came from, once `AccessMiddleware` knows. Bound to the request's task by
/// `AccessLogMiddleware`.
final class RequestRecord: @unchecked Sendable {
    @TaskLocal static var current: RequestRecord?

    var user: String?
}
