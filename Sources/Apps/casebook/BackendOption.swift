import ArgumentParser
import Foundation

/// `--to URL`: the backend a command talks to, checked before the command runs.
struct BackendOption: ParsableArguments {
    /// The help of `--to`, which `SurveyFolderOptions` declares beside its own options too.
    static let help: ArgumentHelp = "The backend's base URL."
    /// The backend when `--to` is not given.
    static let defaultURL = "http://127.0.0.1:8080"

    @Option(help: help)
    var to = defaultURL

    func validate() throws { try Self.check(to) }

    /// Refuses `text` for `option` (`--to`, `--server`, `--sync-backend`) unless it is an http
    /// or https URL with a host, and a port, if it names one, from 1 to 65535.
    static func check(_ text: String, option: String = "--to") throws {
        if let port = outOfRangePort(text) {
            throw ValidationError(
                "\(option) '\(text)': port \(port) is not between 1 and 65535")
        }
        guard httpURL(text) != nil else {
            throw ValidationError("\(option) must be an http or https URL, not '\(text)'")
        }
    }

    /// The URL, which `validate()` has checked.
    var url: URL { Self.httpURL(to)! }

    /// `text` as an http or https URL with a host and a port from 1 to 65535 (or none), or nil.
    static func httpURL(_ text: String) -> URL? {
        guard outOfRangePort(text) == nil, let url = URL(string: text),
            ["http", "https"].contains(url.scheme ?? ""), url.host != nil
        else { return nil }
        return url
    }

    /// The port of `text`'s authority as written, when it is not a number from 1 to 65535:
    /// read here, because Foundation takes one past `Int`'s range for no port at all (so the
    /// scheme's own), and one past 65535 as it is, which no connection can use.
    static func outOfRangePort(_ text: String) -> Substring? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest[..<(rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex)]
        var host = authority[
            (authority.lastIndex(of: "@").map(authority.index(after:)) ?? authority.startIndex)...]
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            host = host[host.index(after: close)...]
        }
        guard let colon = host.lastIndex(of: ":") else { return nil }
        let port = host[host.index(after: colon)...]
        // An empty port is the scheme's (RFC 3986, 3.2.3).
        guard !port.isEmpty else { return nil }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
            (1...65535).contains(number)
        else { return port }
        return nil
    }
}
