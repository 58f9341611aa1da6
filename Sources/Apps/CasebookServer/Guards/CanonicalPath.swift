/// The one spelling of a path the server answers at: no empty segment (`//`, a trailing `/`),
/// no `.` or `..` segment. The router ignores empty segments, so without this `//api/x` and
/// `/api/x/` would reach `/api/x`; every path is answered at its canonical spelling only.
enum CanonicalPath {
    enum Verdict: Equatable {
        case canonical
        /// The same route, spelled canonically: a GET may be sent there.
        case resolvesTo(String)
        /// A dot segment hidden by percent-encoding, or a path that does not start with `/`:
        /// no route of this server.
        case refused
    }

    static func verdict(of path: String) -> Verdict {
        guard path != "/" else { return .canonical }
        guard path.hasPrefix("/") else { return .refused }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var isCanonical = true
        var resolved: [Substring] = []
        for segment in segments {
            switch segment {
            case "":
                isCanonical = false
            case ".":
                isCanonical = false
            case "..":
                isCanonical = false
                _ = resolved.popLast()
            default:
                if isEncodedDot(segment) { return .refused }
                resolved.append(segment)
            }
        }
        return isCanonical ? .canonical : .resolvesTo("/" + resolved.joined(separator: "/"))
    }

    /// Whether `segment` is `.` or `..` with a dot percent-encoded (`%2E`, `.%2e`, …).
    private static func isEncodedDot(_ segment: Substring) -> Bool {
        guard segment.contains("%") else { return false }
        let decoded = segment.replacingOccurrences(of: "%2E", with: ".")
            .replacingOccurrences(of: "%2e", with: ".")
        return decoded == "." || decoded == ".."
    }
}
