import Crypto
import Foundation
import Hummingbird

/// Every successful `GET` (and `HEAD`) of the API and of the pages' assets (the stylesheet and
/// the script), and of any page that gives its own (a dish's photo), carries an `ETag`: the
/// one its route gave
/// (a diary entry's revision), else a strong one made from the body's SHA-256. A request whose
/// `If-None-Match` names it is answered 304 without the body (RFC 9110, 13.1.2). Bodies larger
/// than `bodyLimit`, or of unknown length, are passed on untouched.
struct ConditionalGetMiddleware<Context: RequestContext>: RouterMiddleware {
    static var bodyLimit: Int { 16 * 1024 * 1024 }

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .get || request.method == .head, response.status == .ok,
            let pattern = context.endpointPath,
            RouteTable.route(.get, pattern)?.kind == .api
                || RouteTable.assetRoutes.contains("GET \(pattern)")
                || response.headers[.eTag] != nil
        else { return response }
        var tagged = response
        let eTag: String
        if let given = response.headers[.eTag] {
            eTag = given
        } else {
            guard let length = response.body.contentLength, length <= Self.bodyLimit else {
                return response
            }
            let body = try await BodyCollector.collect(response.body)
            eTag = Self.eTag(of: body)
            tagged.body = ResponseBody(byteBuffer: body)
            tagged.headers[.eTag] = eTag
        }
        guard let asked = request.headers[.ifNoneMatch], Self.matches(asked, eTag) else {
            return tagged
        }
        // The 304 names the tag the 200 would have had: the compressed one's if it would have
        // gone compressed.
        let shown =
            ResponseCompressionMiddleware<Context>.wouldCompress(tagged, for: request)
            ? ResponseCompressionMiddleware<Context>.compressedTag(of: eTag) : eTag
        var headers: HTTPFields = [.eTag: shown]
        if let control = response.headers[.cacheControl] { headers[.cacheControl] = control }
        // A 304 carries what the 200 would have said of its variants (RFC 9110, 15.4.5).
        if let vary = response.headers[.vary] { headers[.vary] = vary }
        return Response(status: .notModified, headers: headers)
    }

    /// A strong ETag for `body`: the first 16 bytes of its SHA-256, in base64url.
    static func eTag(of body: ByteBuffer) -> String {
        let digest = SHA256.hash(data: Data(body.readableBytesView)).prefix(16)
        return "\"\(Base64URL.encode(digest))\""
    }

    /// Whether an `If-None-Match` list names `eTag`, by weak comparison, or is `*`; a tag of
    /// the answer sent compressed (`ResponseCompressionMiddleware.compressedTag(of:)`) names
    /// it too, as the same content.
    static func matches(_ header: String, _ eTag: String) -> Bool {
        let own = eTag.hasPrefix("W/") ? String(eTag.dropFirst(2)) : eTag
        return header.split(separator: ",").contains { item in
            let tag = item.trimmingCharacters(in: .whitespaces)
            let opaque = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
            return tag == "*" || opaque == own
                || opaque == ResponseCompressionMiddleware<Context>.compressedTag(of: own)
        }
    }
}
