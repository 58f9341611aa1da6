import Hummingbird

/// One cookie's value, read straight from the `Cookie` header: the routes that need one cookie
/// on every request (the CSRF token, the session) need not parse them all each time.
enum CookieValue {
    static func named(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard trimmed.hasPrefix(name), trimmed.dropFirst(name.count).first == "=" else {
                    continue
                }
                return String(trimmed.dropFirst(name.count + 1))
            }
        }
        return nil
    }
}
