import ArgumentParser
import Foundation
import SurveySyncCore

/// `--token TOKEN` (or `$CASEBOOK_TOKEN`): the API token every command that talks to a backend
/// with users sends, as `Authorization: Bearer`, and never in clear text to another machine.
struct TokenOption: ParsableArguments {
    /// The help of `--token`, which `DiaryUserOption` and `SurveyFolderOptions` declare beside
    /// their own options too.
    static let help = ArgumentHelp(
        "An API token for a backend that has users (also $CASEBOOK_TOKEN).",
        discussion: "Made with casebook token create; sent as Authorization: Bearer.")

    @Option(help: help)
    var token: String?

    /// The token from --token or $CASEBOOK_TOKEN.
    var apiToken: String? { token ?? ProcessInfo.processInfo.environment["CASEBOOK_TOKEN"] }

    /// Refuses a token no header can carry (a line break pasted with it), without showing it,
    /// and refuses to send the token over plain HTTP to anything but this machine.
    func check(sendingTo backend: String, doing what: String) throws {
        if let apiToken, !apiToken.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            throw ValidationError(
                "the API token (--token or $CASEBOOK_TOKEN) holds a character no token has (a space, a line break or another control character, or a letter beyond ASCII); it is not shown"
            )
        }
        if apiToken != nil, let url = BackendOption.httpURL(backend),
            RespondentAPIClient.wouldSendTokenInClearText(to: url)
        {
            throw ValidationError(
                "the API token (--token or $CASEBOOK_TOKEN) would cross the network in clear text to \(backend): use https, or \(what) on the server's own machine"
            )
        }
    }
}

extension TokenOption {
    /// The option as another group read it.
    init(token: String?) {
        self.init()
        self.token = token
    }
}
