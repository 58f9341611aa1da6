import Foundation
import Hummingbird
import Mustache

/// Renders pages from the Mustache templates, with the title, the CSRF token (setting its cookie
/// when the browser has none yet) and the HTML content type.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    /// When set, keeps every page rendered, for the test that checks templates' names.
    let audit: PageAudit?
    /// Whether the pages are served over HTTPS (the server's own TLS, or a proxy's): the cookies
    /// of every page (the CSRF token's, a notice's) are then Secure.
    var secureCookies = false

    init(audit: PageAudit? = nil) throws {
        library = try PageTemplates.library()
        self.audit = audit
    }

    func page(
        _ template: String, title: String, context: [String: Any] = [:], request: Request,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let token = CSRFToken.token(for: request)
        // What the change before said happened, shown once.
        var context = context
        let notice = context["notice"] == nil ? Notice.pending(in: request) : nil
        if let notice { context["notice"] = notice.context }
        let html = html(
            template, title: title, context: context, csrf: token.value, path: request.uri.path)
        var response = response([ByteBuffer(string: html)], token: token, status: status)
        if notice != nil { response.setCookie(Notice.shown(secure: secureCookies)) }
        return response
    }

    /// The page's HTML, with `csrf` where the forms' token goes.
    /// The navigation is `viewer`'s: by default, whoever the request being handled comes from;
    /// it marks the link to `path`, the page's own, as the current page. The header names the
    /// signed-in user (`account`), with a form to sign out.
    func html(
        _ template: String, title: String, context: [String: Any], csrf: String,
        viewer: PageViewer = PageViewer.current, path: String,
        account: String? = SignedInUser.current
    ) -> String {
        var values = context
        values["account"] = false
        if values["notice"] == nil { values["notice"] = false }
        if case .user(let role) = viewer, let account {
            values["account"] = ["name": account, "role": role.rawValue]
        }
        values["navigation"] = viewer.navigation.map { link -> [String: Any] in
            var link: [String: Any] = link
            link["current"] = link["path"] as? String == path
            return link
        }
        values["home"] = path == "/"
        // A visitor who is not signed in, on a page open to anyone (the menu), may sign in.
        values["signIn"] = viewer == .nobody && path != "/login"
        values["title"] = title
        // Casebook's own chrome, unless the page is another's (the menu is the restaurant's).
        if values["documentTitle"] == nil { values["documentTitle"] = "\(title) · Casebook" }
        if values["brand"] == nil { values["brand"] = "Casebook" }
        if values["brandPath"] == nil { values["brandPath"] = "/" }
        if values["footer"] == nil {
            values["footer"] =
                "Casebook: working software for five test-driven-development case studies."
        }
        values["csrf"] = csrf
        audit?.record(template, values)
        return library.render(values, withTemplate: template) ?? ""
    }

    /// A page rendered earlier (see `RenderedPageCache`), with this visitor's token put back.
    func cachedPage(
        _ pieces: [ByteBuffer], request: Request, status: HTTPResponse.Status = .ok
    ) -> Response {
        response(pieces, token: CSRFToken.token(for: request), status: status)
    }

    /// A page rendered with `token` (the request's, from `CSRFToken.token(for:)`) in its
    /// forms already: its cookie is set with that same token when it is new.
    func renderedPage(
        _ html: String, token: (value: String, isNew: Bool), status: HTTPResponse.Status = .ok
    ) -> Response {
        response([ByteBuffer(string: html)], token: token, status: status)
    }

    private func response(
        _ pieces: [ByteBuffer], token: (value: String, isNew: Bool), status: HTTPResponse.Status
    ) -> Response {
        var buffer: ByteBuffer
        if pieces.count == 1 {
            buffer = pieces[0]
        } else {
            let tokenBytes = ByteBuffer(string: token.value)
            buffer = ByteBuffer()
            buffer.reserveCapacity(pieces.reduce(0) { $0 + $1.readableBytes } + pieces.count * 64)
            for (index, piece) in pieces.enumerated() {
                if index > 0 { buffer.writeImmutableBuffer(tokenBytes) }
                buffer.writeImmutableBuffer(piece)
            }
        }
        var response = Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: buffer))
        if token.isNew {
            response.setCookie(CSRFToken.cookie(token.value, secure: secureCookies))
        }
        return response
    }

    /// A redirect after a successful POST, so that reloading does not post again.
    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}
