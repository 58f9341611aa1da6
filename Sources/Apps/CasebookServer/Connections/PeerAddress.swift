import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// The address a sign-in comes from, for `SignInThrottle`: the connection's peer, put on the
/// request by the channel (the router's request context does not carry it) — or, when the peer
/// is a proxy the operator trusts (`--trusted-proxy`), the last address it names in
/// `X-Forwarded-For` that is not itself a trusted proxy. Set, overwriting whatever a client
/// sent, on every request for `markedPaths`; no other route reads it.
enum PeerAddress {
    static var header: HTTPField.Name { HTTPField.Name("Casebook-Peer-Address")! }

    static func address(of request: Request) -> String? {
        request.headers[header]
    }

    /// `responder`, with the client's address on each sign-in request.
    static func marking(
        _ responder: @escaping HTTPChannelHandler.Responder, trustedProxies: Set<String> = []
    )
        -> HTTPChannelHandler.Responder
    {
        { request, writer, channel in
            guard Self.isMarked(request.uri.path) else {
                return try await responder(request, writer, channel)
            }
            var head = request.head
            head.headerFields[header] = client(
                peer: channel.remoteAddress?.ipAddress ?? "unknown",
                forwardedFor: request.headers[values: forwardedFor].joined(separator: ","),
                trustedProxies: trustedProxies)
            try await responder(Request(head: head, body: request.body), writer, channel)
        }
    }

    /// The pages that read the address: signing in (`SignInThrottle`), the first admin's
    /// page, which only this machine may use, and the pages whose changes the audit log keeps
    /// (the users', tokens' and account's, and the routes `RouteTable.audited` names).
    static let markedPaths: Set<String> = Set(
        (RouteTable.signInRoutes.union(RouteTable.audited.keys)).compactMap { key in
            key.split(separator: " ").last.map(String.init)
        }.filter { !$0.contains("{") })

    /// The start of the marked paths that carry a parameter (`/password-reset/{secret}`,
    /// `/survey/respondents/{id}/review`).
    static let markedPrefixes: [(prefix: String, suffix: String)] =
        (RouteTable.signInRoutes.union(RouteTable.audited.keys)).compactMap { key in
            guard let path = key.split(separator: " ").last, let open = path.firstIndex(of: "{"),
                let close = path.firstIndex(of: "}")
            else { return nil }
            return (String(path[..<open]), String(path[path.index(after: close)...]))
        }

    /// Whether a request for `path` is marked with its client's address.
    static func isMarked(_ path: String) -> Bool {
        markedPaths.contains(path)
            || markedPrefixes.contains { path.hasPrefix($0.prefix) && path.hasSuffix($0.suffix) }
    }

    static var forwardedFor: HTTPField.Name { HTTPField.Name("X-Forwarded-For")! }

    /// The client a request from `peer` comes from: `peer` itself, unless it is a trusted proxy
    /// and `forwardedFor` names addresses, in which case the last one that is not a trusted
    /// proxy (each proxy appends the address it was reached from; what comes before was said by
    /// the client and is not believed). An entry that is not an IP address ends the search.
    /// Addresses are compared in one spelling (`canonical`): an IPv4 proxy reached over an IPv6
    /// socket (`::ffff:10.0.0.5`) is the trusted `10.0.0.5`.
    static func client(peer: String, forwardedFor: String?, trustedProxies: Set<String>)
        -> String
    {
        let trusted = Set(trustedProxies.compactMap(canonical))
        let peer = canonical(peer) ?? peer
        guard trusted.contains(peer), let forwardedFor, !forwardedFor.isEmpty else { return peer }
        for entry in forwardedFor.split(separator: ",").reversed() {
            guard let address = canonical(entry.trimmingCharacters(in: .whitespaces)) else {
                return peer
            }
            if !trusted.contains(address) { return address }
        }
        return peer
    }

    /// Whether `text` is an IPv4 or IPv6 address.
    static func isIPAddress(_ text: String) -> Bool {
        IPAddress(text) != nil
    }

    /// An address in one spelling (`IPAddress`); nil for anything that is not an IP address.
    static func canonical(_ text: String) -> String? {
        IPAddress(text)?.description
    }
}
