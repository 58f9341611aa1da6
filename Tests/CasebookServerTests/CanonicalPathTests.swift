import Testing

@testable import CasebookServer

/// One spelling per path: empty and dot segments resolve to the canonical path (for a
/// redirect); a percent-encoded dot segment, or a target that is not a path, is no route.
@Suite("Canonical paths")
struct CanonicalPathTests {
    @Test(arguments: [
        ("/", CanonicalPath.Verdict.canonical),
        ("/api/diary/a%2Fb", .canonical),
        ("/diary/..x", .canonical),
        ("//api/respondents", .resolvesTo("/api/respondents")),
        ("/api//respondents/", .resolvesTo("/api/respondents")),
        ("/a/../b/./c", .resolvesTo("/b/c")),
        ("/../..", .resolvesTo("/")),
        ("/a/%2e%2E/b", .refused),
        ("/a/.%2e", .refused),
        ("*", .refused),
        ("api/diary", .refused),
    ])
    func eachPathHasOneSpelling(path: String, verdict: CanonicalPath.Verdict) {
        #expect(CanonicalPath.verdict(of: path) == verdict)
    }
}
