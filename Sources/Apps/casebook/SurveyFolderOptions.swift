import ArgumentParser
import Foundation
import SurveySyncCore
import SurveySyncFiles
import SurveySyncHTTPClient

/// `--from DIR --to URL --retries N`: the respondents folder and the backend, shared by
/// `survey sync` and `survey verify`. `--to` and `--token` are declared here rather than as
/// groups of their own (`BackendOption`, `TokenOption`), as `DiaryUserOption` declares its
/// database's: checking groups nested in this one cost a survey command a quarter of its time
/// in a debug build.
struct SurveyFolderOptions: ParsableArguments {
    @Option(help: "The respondents folder (default: ~/Documents/Respondents, ~ being $HOME).")
    var from: String?

    @Option(name: .customLong("to"), help: BackendOption.help)
    var backendText = BackendOption.defaultURL

    @Option(
        help: "How often to retry an unreachable or failing backend (waits 0.25 s, 1 s, 4 s, …).")
    var retries = 3

    @Option(name: .customLong("token"), help: TokenOption.help)
    var tokenText: String?

    var tokenOption: TokenOption { TokenOption(token: tokenText) }

    /// The token from --token or $CASEBOOK_TOKEN.
    var apiToken: String? { tokenOption.apiToken }

    /// The backend the folder syncs to, with the token if there is one.
    var uploader: RespondentAPIClient {
        RespondentAPIClient(
            baseURL: backend, token: apiToken, transport: HTTPClientRespondentTransport())
    }

    func validate() throws {
        // As the parser checks a group of their own before the one holding it.
        try BackendOption.check(backendText)
        guard (0...10).contains(retries) else {
            throw ValidationError("--retries must be from 0 to 10, not \(retries)")
        }
        try tokenOption.check(sendingTo: backendText, doing: "sync")
    }

    /// The backend's URL, which has been checked.
    var backend: URL { BackendOption.httpURL(backendText)! }

    /// The waits before each retry.
    var retryDelays: [Duration] { (0..<retries).map { .milliseconds(250 << (2 * $0)) } }

    /// The folder, which must exist.
    func folder() throws -> LocalRespondentFolder {
        let url: URL
        if let from {
            url = URL(fileURLWithPath: from)
        } else if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            // `~` is $HOME when it is set, as for the data directory.
            url = URL(fileURLWithPath: home).appendingPathComponent("Documents/Respondents")
        } else {
            guard let documents = FileManager.default.documentsURL else {
                throw FailureReport.Message(
                    "there is no documents directory: name the folder with --from")
            }
            url = documents.appendingPathComponent("Respondents")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw FailureReport.Message("no respondents folder at \(url.path)")
        }
        guard isDirectory.boolValue else {
            throw FailureReport.Message("\(url.path) is a file, not a respondents folder")
        }
        return LocalRespondentFolder(url: url)
    }
}
