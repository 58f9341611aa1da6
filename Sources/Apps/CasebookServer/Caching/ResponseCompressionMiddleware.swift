import CasebookZip
import Hummingbird

/// Text answers compressed with gzip for a client that takes it (`Accept-Encoding`, RFC 9110
/// 12.5.3): only bodies of known length from `smallest` to `largest` bytes (below, the header
/// costs more than it saves; above, the answer is streamed as it is), of a textual type, not
/// already encoded; every such answer says `Vary: Accept-Encoding`, compressed or not. The
/// compressed answer's ETag is weak (`W/`), as its bytes are not the identity's; its
/// conditional requests still match it.
struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    static var smallest: Int { 1_024 }
    static var largest: Int { 16 * 1024 * 1024 }

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard response.status == .ok, response.headers[.contentEncoding] == nil,
            let length = response.body.contentLength,
            (Self.smallest...Self.largest).contains(length),
            Self.isTextual(response.headers[.contentType])
        else { return response }
        CachePolicyMiddleware<Context>.addVary(["Accept-Encoding"], to: &response.headers)
        guard Self.acceptsGzip(request.headers[values: .acceptEncoding]) else { return response }
        let body = try await BodyCollector.collect(response.body)
        guard let compressed = Gzip.compressed(body.readableBytesView),
            compressed.count < body.readableBytes
        else {
            response.body = ResponseBody(byteBuffer: body)
            return response
        }
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: compressed))
        response.headers[.contentEncoding] = "gzip"
        if response.headers[.contentLength] != nil {
            response.headers[.contentLength] = "\(compressed.count)"
        }
        if let tag = response.headers[.eTag], !tag.hasPrefix("W/") {
            response.headers[.eTag] = "W/" + tag
        }
        return response
    }

    /// Whether a body of `type` is text that compresses: `text/*`, JSON (and JSON Lines, a
    /// problem's JSON), JavaScript, XML and SVG.
    static func isTextual(_ type: String?) -> Bool {
        guard let type = type?.lowercased() else { return false }
        let essence =
            type.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces)
            } ?? ""
        return essence.hasPrefix("text/") || essence.hasSuffix("+json")
            || essence.hasSuffix("+xml")
            || [
                "application/json", "application/jsonl", "application/javascript",
                "application/xml",
            ].contains(essence)
    }

    /// Whether the `Accept-Encoding` values take gzip: named (or `x-gzip`) with a weight above
    /// zero, or not named and `*` is.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Bool?
        var any: Bool?
        for item in values.flatMap({ $0.split(separator: ",") }) {
            let parts = item.split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            switch coding {
            case "gzip", "x-gzip": gzip = weight > 0
            case "*": any = weight > 0
            default: break
            }
        }
        return gzip ?? any ?? false
    }
}
