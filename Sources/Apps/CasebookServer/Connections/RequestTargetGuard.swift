import HTTPTypes
import NIOCore
import NIOHTTP1

/// Sits between the HTTP decoder and the conversion to HTTP types, where the request's target
/// is still whole, and marks a request that names more than one host: two `Host` headers, or an
/// absolute-form target (`GET http://host/path`) whose host is not its `Host` header's. The
/// conversion keeps the first `Host` and drops the target's host, so a proxy reading one and
/// Casebook the other could disagree about where the request goes; `AllowedHostMiddleware`
/// answers such a request 400 with the mark's text. A mark a client sends itself is removed.
final class RequestTargetGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    static let problemHeader = "Casebook-Request-Problem"
    static var problemHeaderName: HTTPField.Name { HTTPField.Name(problemHeader)! }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.remove(name: Self.problemHeader)
        if let problem = Self.problem(of: head) {
            head.headers.add(name: Self.problemHeader, value: problem)
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// What is wrong with the hosts `head` names, or nil when it names one.
    static func problem(of head: HTTPRequestHead) -> String? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 {
            return "the request has \(hosts.count) Host headers; a request names one host"
        }
        guard let target = targetAuthority(head.uri) else { return nil }
        guard let host = hosts.first, host.lowercased() == target.lowercased() else {
            let named = hosts.first.map { "'\($0)'" } ?? "none"
            return
                "the request's target names the host '\(target)' and its Host header \(named); "
                + "they must be the same"
        }
        return nil
    }

    /// The authority of an absolute-form target (`scheme://authority/…`), or nil for a target
    /// in origin form (`/path`) or `*`. A target that is neither gives "" (names no allowed
    /// host).
    static func targetAuthority(_ uri: String) -> String? {
        guard !uri.hasPrefix("/"), uri != "*" else { return nil }
        guard let separator = uri.range(of: "://") else { return "" }
        let rest = uri[separator.upperBound...]
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }
}
