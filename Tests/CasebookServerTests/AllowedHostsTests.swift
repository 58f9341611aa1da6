import NIOHTTP1
import Testing

@testable import CasebookServer

/// The server answers only for the hosts it serves, so that a page from a site whose name has
/// been made to point at 127.0.0.1 (DNS rebinding) gets nothing from it.
@Suite("The hosts the server answers for")
struct AllowedHostsTests {
    @Test(arguments: [
        "127.0.0.1", "127.0.0.1:8080", "localhost", "LOCALHOST:80", "[::1]", "[::1]:8080",
    ])
    func loopbackNamesAreAllowedByDefault(authority: String) {
        #expect(AllowedHosts(extra: []).allows(authority: authority))
    }

    @Test(arguments: [
        nil, "", "evil.example", "evil.example:8080", "localhost.evil.example", "localhost.",
        "127.0.0.1.nip.io", "[::1", "127.0.0.1:80x", "127.0.0.1:", "user@localhost", "[::2]",
        "0.0.0.0",
    ])
    func anyOtherHostIsRefused(authority: String?) {
        #expect(!AllowedHosts(extra: []).allows(authority: authority))
    }

    @Test func moreHostsCanBeAllowedByName() {
        let hosts = AllowedHosts(extra: ["Casebook.Example", "192.168.1.20", "[fd00::1]"])
        #expect(hosts.allows(authority: "casebook.example"))
        #expect(hosts.allows(authority: "casebook.example:443"))
        #expect(hosts.allows(authority: "192.168.1.20:8080"))
        #expect(hosts.allows(authority: "[FD00::1]:8080"))
        #expect(!hosts.allows(authority: "other.example"))
    }

    /// A request names one host: two Host headers, or a target in absolute form whose host is
    /// not the Host header's, are refused; the same host in both, or a target in origin form,
    /// is not.
    @Test(arguments: [
        (
            ["127.0.0.1", "evil.example"], "/",
            "the request has 2 Host headers; a request names one host"
        ),
        (
            ["127.0.0.1"], "http://evil.example/api/diary",
            "the request's target names the host 'evil.example' and its Host header '127.0.0.1'; they must be the same"
        ),
        (
            [], "http://localhost/",
            "the request's target names the host 'localhost' and its Host header none; they must be the same"
        ),
        (["localhost:8080"], "http://LOCALHOST:8080/diary?x", nil),
        (["localhost"], "/diary", nil),
    ])
    func aRequestNamesOneHost(hosts: [String], target: String, problem: String?) {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target)
        for host in hosts { head.headers.add(name: "Host", value: host) }
        #expect(RequestTargetGuard.problem(of: head) == problem)
    }
}
