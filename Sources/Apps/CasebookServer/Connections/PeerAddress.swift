import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// The address a sign-in comes from, for `SignInThrottle`: the connection's peer, put on the
/// request by the channel (the router's request context does not carry it) — or, when the peer
/// is a proxy the operator trusts (`--trusted-proxy`), the last address it names in
/// `X-Forwarded-For` that is not itself a trusted proxy. Set, overwriting whatever a client
/// sent, on every `POST /login`; no other route reads it.
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
            guard request.method == .post, request.uri.path == "/login" else {
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
        guard let peer = canonical(peer) ?? Optional(peer), trusted.contains(peer),
            let forwardedFor, !forwardedFor.isEmpty
        else { return canonical(peer) ?? peer }
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
        canonical(text) != nil
    }

    /// An address in one spelling: IPv4 dotted, IPv6 as `inet_ntop` writes it, an IPv4-mapped
    /// IPv6 address as its IPv4 address; nil for anything that is not an IP address.
    static func canonical(_ text: String) -> String? {
        var bytes = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &bytes) == 1 {
            return bytes[0..<4].map(String.init).joined(separator: ".")
        }
        guard inet_pton(AF_INET6, text, &bytes) == 1 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        var written = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, bytes, &written, socklen_t(written.count)) != nil else {
            return nil
        }
        return String(cString: written)
    }
}
