import Hummingbird

/// Which methods each served path takes, from the routes (`{name}` matching any one segment,
/// and a literal segment winning over it, as in the router: `/diary/new` is not `/diary/{id}`):
/// for the `Allow` of a 405 and of `OPTIONS`. HEAD is taken wherever GET is (the router answers
/// it from the GET route), and OPTIONS everywhere a route is.
struct AllowedMethods: Sendable {
    private let routes: [(segments: [Substring], method: HTTPRequest.Method)]

    init(routes: [(method: HTTPRequest.Method, path: String)]) {
        self.routes = routes.map { (Self.segments($0.path), $0.method) }
    }

    /// The `Allow` header for `path`, sorted; nil when no route has that path.
    func allow(forPath path: String) -> String? {
        let segments = Self.segments(path)
        let matching = routes.filter { Self.matches($0.segments, segments) }
        guard let pattern = matching.map(\.segments).max(by: Self.lessSpecific) else {
            return nil
        }
        let methods = matching.filter { $0.segments == pattern }.map(\.method)
        var names = Set(methods.map(\.rawValue))
        if methods.contains(.get) { names.insert(HTTPRequest.Method.head.rawValue) }
        names.insert(HTTPRequest.Method.options.rawValue)
        return names.sorted().joined(separator: ", ")
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether `a` matches less literally than `b`, the first segment that differs deciding.
    private static func lessSpecific(_ a: [Substring], _ b: [Substring]) -> Bool {
        for (x, y) in zip(a, b) where isParameter(x) != isParameter(y) {
            return isParameter(x)
        }
        return false
    }

    private static func isParameter(_ segment: Substring) -> Bool {
        segment.first == "{" && segment.last == "}"
    }

    private static func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        pattern.count == segments.count
            && zip(pattern, segments).allSatisfy { pattern, segment in
                isParameter(pattern) || pattern == segment
            }
    }
}
