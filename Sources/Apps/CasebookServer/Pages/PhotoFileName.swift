import CasebookPhotos
import Hummingbird

/// The name a kept photo is served under, below its system's folder: `ID.jpg` for its large
/// size, `ID-small.jpg` for its small one. Anything else is no photo (404).
struct PhotoFileName: Equatable, Sendable {
    let id: String
    let small: Bool

    init(id: String, small: Bool = false) {
        self.id = id
        self.small = small
    }

    /// The name in the route's `{file}`, or a 404 for one that names no photo.
    init(_ context: some RequestContext) throws {
        let file = try PathParameter.text("file", in: context)
        guard file.hasSuffix(".jpg") else { throw Self.noPhoto }
        var id = file.dropLast(4)
        let small = id.hasSuffix("-small")
        if small { id = id.dropLast(6) }
        guard PreparedPhoto.isValidID(id) else { throw Self.noPhoto }
        self.init(id: String(id), small: small)
    }

    static let noPhoto = RequestError(.notFound, "There is no such photo.")

    /// `ID` or `ID-small`: the name without its extension, and the ETag's value.
    private var stem: String { small ? id + "-small" : id }

    var name: String { stem + ".jpg" }

    /// The size this name asks for, as JPEG with its ETag, cached for good (an id is the hash
    /// of the bytes, so they never change) as `cacheControl` says: public or private.
    func response(_ photo: PreparedPhoto, cacheControl: String) -> Response {
        let bytes = small ? photo.small : photo.large
        let headers: HTTPFields = [
            .contentType: "image/jpeg", .eTag: "\"\(stem)\"",
            .cacheControl: cacheControl, .contentLength: String(bytes.count),
        ]
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
