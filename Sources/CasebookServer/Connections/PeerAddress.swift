import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// The address a sign-in comes from, for `SignInThrottle`: the connection's peer, put on the
/// request by the channel (the router's request context does not carry it). Set, overwriting
/// whatever a client sent, on every `POST /login`; no other route reads it.
enum PeerAddress {
    static var header: HTTPField.Name { HTTPField.Name("Casebook-Peer-Address")! }

    static func address(of request: Request) -> String? {
        request.headers[header]
    }

    /// `responder`, with the peer's address on each sign-in request.
    static func marking(_ responder: @escaping HTTPChannelHandler.Responder)
        -> HTTPChannelHandler.Responder
    {
        { request, writer, channel in
            guard request.method == .post, request.uri.path == "/login" else {
                return try await responder(request, writer, channel)
            }
            var head = request.head
            head.headerFields[header] = channel.remoteAddress?.ipAddress ?? "unknown"
            try await responder(Request(head: head, body: request.body), writer, channel)
        }
    }
}
