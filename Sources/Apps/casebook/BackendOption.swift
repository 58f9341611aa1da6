import ArgumentParser
import CasebookHTTPClient
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
        if let port = HTTPExchange.outOfRangePort(in: text) {
            let problem =
                port.allSatisfy({ $0.isASCII && $0.isNumber })
                ? "port \(port) is not between 1 and 65535" : "port '\(port)' is not a number"
            throw ValidationError("\(option) '\(text)': \(problem)")
        }
        guard httpURL(text) != nil else {
            throw ValidationError("\(option) must be an http or https URL, not '\(text)'")
        }
    }

    /// The URL, which `validate()` has checked.
    var url: URL { Self.httpURL(to)! }

    /// `text` as an http or https URL with a host and a port from 1 to 65535 (or none), or nil.
    static func httpURL(_ text: String) -> URL? {
        guard HTTPExchange.outOfRangePort(in: text) == nil, let url = URL(string: text),
            ["http", "https"].contains(url.scheme ?? ""), url.host != nil
        else { return nil }
        return url
    }
}
