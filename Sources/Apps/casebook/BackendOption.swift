import ArgumentParser
import Foundation

/// `--to URL`: the backend a command talks to, checked before the command runs.
struct BackendOption: ParsableArguments {
    @Option(help: "The backend's base URL.")
    var to = "http://127.0.0.1:8080"

    func validate() throws {
        guard Self.httpURL(to) != nil else {
            throw ValidationError("--to must be an http or https URL, not '\(to)'")
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
