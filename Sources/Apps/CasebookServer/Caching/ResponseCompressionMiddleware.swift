import CasebookWire
import CasebookZip
import Hummingbird
import Synchronization

/// Text answers compressed with gzip for a client that takes it (`Accept-Encoding`, RFC 9110
/// 12.5.3, weights honoured): only bodies of known length from `smallest` to `largest` bytes
/// (below, the header costs more than it saves; above, the answer is sent as it is), of a
/// textual type, not already encoded, for a `GET`; every such answer says
/// `Vary: Accept-Encoding`, compressed or not, and so does every 304 (its 200 may have been).
///
/// - A request signed in by its session cookie gets nothing compressed: a page that shows a
///   user's data beside what another site may put in its address (a search) would let a
///   watcher of the connection's sizes guess that data byte by byte (BREACH). A program's
///   bearer token cannot be sent by another site, so its answers are compressed.
/// - A compressed answer's ETag is its own (`"…-gzip"`, RFC 9110 8.8.3.3: its bytes are not
///   the plain answer's), and names the same content wherever a tag is compared: an
///   `If-None-Match` (`ConditionalGetMiddleware`) and a diary entry's `If-Match`
///   (`DiaryEntryETag`).
/// - What is the same for everyone (`public`, with an ETag: the stylesheet, the script, the
///   API's description) is compressed once and kept, a few answers at most.
struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    static var smallest: Int { 1_024 }
    static var largest: Int { 2 * 1024 * 1024 }
    /// The most public answers kept compressed.
    static var mostKept: Int { 32 }

    /// Compressed public answers by their ETag, shared by every copy of the middleware.
    private final class Kept: Sendable {
        let answers = Mutex<[String: [UInt8]]>([:])
    }
    private let kept = Kept()

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if response.status == .notModified {
            CachePolicyMiddleware<Context>.addVary(["Accept-Encoding"], to: &response.headers)
            return response
        }
        guard Self.mayCompress(response) else { return response }
        CachePolicyMiddleware<Context>.addVary(["Accept-Encoding"], to: &response.headers)
        guard Self.wouldCompress(response, for: request) else { return response }
        let key =
            (response.headers[.cacheControl]?.contains("public") ?? false)
            ? response.headers[.eTag] : nil
        let compressed: [UInt8]
        if let key, let known = kept.answers.withLock({ $0[key] }) {
            compressed = known
        } else {
            let body = try await BodyCollector.collect(response.body)
            guard let made = Gzip.compressed(body.readableBytesView),
                made.count < body.readableBytes
            else {
                response.body = ResponseBody(byteBuffer: body)
                return response
            }
            compressed = made
            if let key {
                kept.answers.withLock { kept in
                    if kept.count >= Self.mostKept { kept.removeAll() }
                    kept[key] = made
                }
            }
        }
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: compressed))
        response.headers[.contentEncoding] = "gzip"
        if let tag = response.headers[.eTag] {
            response.headers[.eTag] = Self.compressedTag(of: tag)
        }
        if response.headers[.contentLength] != nil {
            response.headers[.contentLength] = "\(compressed.count)"
        }
        return response
    }

    /// Whether `response` is one that is compressed for a client that takes it: a 200 of a
    /// textual type and known length from `smallest` to `largest` bytes, not already encoded.
    static func mayCompress(_ response: Response) -> Bool {
        guard response.status == .ok, response.headers[.contentEncoding] == nil,
            let length = response.body.contentLength
        else { return false }
        return (smallest...largest).contains(length) && isTextual(response.headers[.contentType])
    }

    /// Whether `response` goes compressed to `request`: what a 304 standing for it says of its
    /// tag (`ConditionalGetMiddleware`).
    static func wouldCompress(_ response: Response, for request: Request) -> Bool {
        mayCompress(response) && request.method == .get && !carriesSession(request)
            && acceptsGzip(request.headers[values: .acceptEncoding])
    }

    /// The ETag of an answer tagged `tag`, sent compressed: `"abc"` is `"abc-gzip"`, `W/"abc"`
    /// `W/"abc-gzip"`.
    static func compressedTag(of tag: String) -> String {
        guard tag.hasSuffix("\""), !tag.hasSuffix(DiaryEntryETag.gzipMark + "\"") else {
            return tag
        }
        return String(tag.dropLast()) + DiaryEntryETag.gzipMark + "\""
    }

    /// Whether the request carries a session cookie (`SignInPages.sessionCookie`).
    static func carriesSession(_ request: Request) -> Bool {
        request.headers[values: .cookie].contains { header in
            header.split(separator: ";").contains {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(SignInPages.sessionCookie + "=")
            }
        }
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
    /// zero, or not named and `*` is; and no lower than `identity` when that is named.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var any: Double?
        var identity: Double?
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
            case "gzip", "x-gzip": gzip = weight
            case "*": any = weight
            case "identity": identity = weight
            default: break
            }
        }
        guard let taken = gzip ?? any, taken > 0 else { return false }
        return taken >= (identity ?? 0)
    }
}
