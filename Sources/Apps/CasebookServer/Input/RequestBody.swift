import Hummingbird
import NIOCore

/// A request's whole body, up to a limit per route. Over the limit is a 413; a body that ends
/// before its `Content-Length` (or is otherwise cut or malformed) is the client's problem, a 400,
/// never a 500. A body sent compressed (any `Content-Encoding` but `identity`) is a 415 that
/// says so: it is never read as if it were plain.
enum RequestBody {
    static func collect(_ request: Request, upTo limit: Int) async throws(RequestError)
        -> ByteBuffer
    {
        let encodings = request.headers[values: .contentEncoding].flatMap {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if let encoding = encodings.first(where: { $0.lowercased() != "identity" }) {
            throw RequestError(
                .unsupportedMediaType,
                "the request body is sent with Content-Encoding: \(encoding), which is not read; "
                    + "send it as it is")
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw RequestError(.contentTooLarge, "the request body is larger than \(size(limit))")
        } catch {
            throw RequestError(
                .badRequest, "the request body could not be read: it ended early or was malformed")
        }
    }

    /// `limit` in KiB or MiB, as the messages and docs/security.md give it.
    static func size(_ limit: Int) -> String {
        limit % (1024 * 1024) == 0 ? "\(limit / (1024 * 1024)) MiB" : "\(limit / 1024) KiB"
    }
}
