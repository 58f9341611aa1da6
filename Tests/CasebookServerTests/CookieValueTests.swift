import HTTPTypes
import Hummingbird
import Testing

@testable import CasebookServer

@Suite("Reading one cookie")
struct CookieValueTests {
    static func request(_ cookies: [String]) -> Request {
        var fields = HTTPFields()
        for cookie in cookies { fields.append(HTTPField(name: .cookie, value: cookie)) }
        return Request(
            head: HTTPRequest(
                method: .get, scheme: "http", authority: "x", path: "/", headerFields: fields),
            body: .init(buffer: .init()))
    }

    @Test func findsTheNamedCookieAndNoOther() {
        let request = Self.request(["casebook_csrf=abc; casebook_session=s3cr3t", "other=1"])
        #expect(CookieValue.named("casebook_session", in: request) == "s3cr3t")
        #expect(CookieValue.named("casebook_csrf", in: request) == "abc")
        #expect(CookieValue.named("other", in: request) == "1")
        #expect(CookieValue.named("casebook", in: request) == nil, "a prefix is not a name")
        #expect(CookieValue.named("missing", in: Self.request([])) == nil)
    }
}
