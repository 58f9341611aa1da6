import Foundation
import Hummingbird
import Mustache

/// Renders pages from the Mustache templates, with the title, the CSRF token (setting its cookie
/// when the browser has none yet) and the HTML content type.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary

    init() throws {
        library = try PageTemplates.library()
    }

    func page(
        _ template: String, title: String, context: [String: Any] = [:], request: Request,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let token = CSRFToken.token(for: request)
        var values = context
        values["title"] = title
        values["csrf"] = token.value
        let html = library.render(values, withTemplate: template) ?? ""
        var response = Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
        if token.isNew { response.setCookie(CSRFToken.cookie(token.value)) }
        return response
    }

    /// A redirect after a successful POST, so that reloading does not post again.
    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}
