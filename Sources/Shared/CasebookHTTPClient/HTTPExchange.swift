import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP request and its whole answer, sent with AsyncHTTPClient (SwiftNIO) rather than
/// URLSession, so that the executables that use it load no libcurl (see docs/performance.md).
/// Redirects are not followed (a token is never sent on to another host) and an
/// answer's body is read up to a limit.
public enum HTTPExchange {
    /// What the server answered: any status.
    public struct Answer: Sendable {
        public let status: Int
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]
    }

    /// Why there is no answer, as a person reads it: "connection refused", "timed out"…
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// One client for the process, never shut down (the process's end ends it): connections to a
    /// server are kept and reused between requests, as URLSession's are. A connection that
    /// cannot be made fails the request at once, as URLSession's does, instead of being retried
    /// until its deadline: the sync has its own waits between tries.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(30)),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Sends `method` to `url` and returns the answer, or fails if the whole of it (its head
    /// and all of its body) has not arrived within `timeout`, or if its body is longer than
    /// `answerLimit` bytes.
    public static func send(
        _ method: String, to url: URL, headers: [(name: String, value: String)],
        body: [UInt8]?, timeout: Duration, answerLimit: Int
    ) async throws(Failure) -> Answer {
        // A port no connection can use traps deep in the client, and one past Int's range is
        // no port at all to Foundation (so the scheme's): either is refused here, whoever made
        // the URL.
        if let port = outOfRangePort(in: url.absoluteString) {
            throw Failure(reason: "port \(port) is not between 1 and 65535")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let prepared = request
        do {
            // AsyncHTTPClient's deadline ends with the head: a server that then sends a byte
            // at a time would hold the body for ever. The body is read in a task that the
            // same deadline cancels.
            return try await withThrowingTaskGroup(of: Answer?.self) { group in
                group.addTask {
                    let response = try await client.execute(prepared, deadline: deadline)
                    let body = try await response.body.collect(upTo: answerLimit)
                    return Answer(
                        status: Int(response.status.code),
                        headers: response.headers.map { (name: $0.name, value: $0.value) },
                        body: Array(buffer: body))
                }
                group.addTask {
                    try await Task.sleep(for: .nanoseconds(max(0, (deadline - .now()).nanoseconds)))
                    return nil
                }
                defer { group.cancelAll() }
                guard let answer = try await group.next() ?? nil else {
                    throw HTTPClientError.deadlineExceeded
                }
                return answer
            }
        } catch {
            throw Failure(reason: reason(for: error, answerLimit: answerLimit))
        }
    }

    /// The port of `text`'s authority as written (`http://host:PORT/…`, `[::1]:PORT`, after any
    /// `user:password@`), when it is not a number from 1 to 65535; nil when it is, or when
    /// there is none (an empty port is the scheme's, RFC 3986 3.2.3). Read from the text,
    /// because Foundation takes a port past `Int`'s range for none at all, and one past 65535
    /// as it is, which no connection can use.
    public static func outOfRangePort(in text: String) -> Substring? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest[..<(rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex)]
        var host = authority[
            (authority.lastIndex(of: "@").map(authority.index(after:)) ?? authority.startIndex)...]
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            host = host[host.index(after: close)...]
        }
        guard let colon = host.lastIndex(of: ":") else { return nil }
        let port = host[host.index(after: colon)...]
        guard !port.isEmpty else { return nil }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
            (1...65535).contains(number)
        else { return port }
        return nil
    }

    /// A person's words for why a request failed.
    static func reason(for error: any Error, answerLimit: Int) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout,
                .tlsHandshakeTimeout:
                return "timed out"
            case .remoteConnectionClosed: return "connection lost"
            case .invalidURL, .emptyHost, .emptyScheme:
                return "not an http or https address"
            default: return "\(error)"
            }
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "unknown host" }
            let refused = error.connectionErrors.contains {
                ($0.error as? IOError)?.errnoCode == ECONNREFUSED
            }
            return refused ? "connection refused" : "cannot connect (\(error))"
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED {
            return "connection refused"
        }
        if error is NIOTooManyBytesError {
            return "its answer is longer than \(answerLimit) bytes"
        }
        if let reason = tlsReason(error) { return reason }
        return "\(error)"
    }

    /// A TLS handshake's failure as the reason BoringSSL gives (`CERTIFICATE_VERIFY_FAILED`),
    /// without the rest of its description (its source file's path on the machine that built
    /// Casebook); nil when `error` is not one.
    private static func tlsReason(_ error: any Error) -> String? {
        let text = "\(error)"
        guard let marker = text.range(of: "OPENSSL_internal:") else { return nil }
        let reason = text[marker.upperBound...].prefix {
            $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_")
        }
        guard reason == "CERTIFICATE_VERIFY_FAILED" else {
            return "the TLS handshake failed (\(reason))"
        }
        return
            "the TLS handshake failed (\(reason)): the server's certificate is not one this machine trusts"
    }
}
