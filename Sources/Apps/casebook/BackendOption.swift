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

    /// Refuses `text` for `--to` unless it is an http or https URL.
    static func check(_ text: String) throws {
        guard httpURL(text) != nil else {
            throw ValidationError("--to must be an http or https URL, not '\(text)'")
        }
    }

    /// The URL, which `validate()` has checked.
    var url: URL { Self.httpURL(to)! }

    /// `text` as an http or https URL with a host, or nil.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""),
            url.host != nil
        else { return nil }
        return url
    }
}
