import CasebookJSON
import CasebookWire
import Foundation
import Hummingbird

/// JSON responses with sorted keys, so that answers are stable byte for byte.
enum JSONResponse {
    /// A wire type, encoded as every answer is (`WireJSON`).
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        make(encoded: WireJSON.encode(value), status: status)
    }

    /// A JSON value, written with `JSONWriter`, which keeps integers and fractions apart.
    static func make(json: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        make(encoded: Data(JSONWriter.data(json)), status: status)
    }

    /// A response with JSON already encoded.
    static func make(encoded data: Data, status: HTTPResponse.Status = .ok) -> Response {
        make(body: ByteBuffer(bytes: data), status: status)
    }

    /// A response whose body is JSON already in a buffer (kept, say, from an earlier answer).
    static func make(body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: body))
    }
}
