import ArgumentParser
import Foundation

/// Which diary a command works on: `--user NAME`, the diary of a user of the server, the one
/// they see when signed in (without it, the shared diary, which only a server without users
/// shows); in the data directory, or with `--database URL` (or `$CASEBOOK_DATABASE_URL`) in
/// the PostgreSQL database the servers share. Or, from any machine, `--server URL` (or
/// `$CASEBOOK_SERVER`) with a token (`--token` or `$CASEBOOK_TOKEN`): the diary that server
/// shows the token's user, through its API.
///
/// `--database`, `--database-password-file` and `--token` are declared here, beside the group's
/// own options, rather than as groups of their own (`DatabaseOption`, `TokenOption`): in a debug
/// build, the parser checks every group nested in another again for each check of the outer
/// one, which cost a diary command nearly a third of its time.
struct DiaryUserOption: ParsableArguments {
    @Option(
        name: .customLong("user"),
        help: "Work on this user's own diary, the one the server shows them when signed in.")
    var name: String?

    @Option(name: .customLong("database"), help: DatabaseOption.textHelp)
    var databaseText: String?

    @Option(name: .customLong("database-password-file"), help: DatabaseOption.passwordFileHelp)
    var databasePasswordFile: String?

    @Option(
        name: .customLong("server"),
        help: ArgumentHelp(
            "Work on the diary a Casebook server shows the token's user, through its API (also $CASEBOOK_SERVER).",
            discussion: "With --token or $CASEBOOK_TOKEN, made with casebook token create.",
            valueName: "url"))
    var serverText: String?

    @Option(name: .customLong("token"), help: TokenOption.help)
    var tokenText: String?

    var database: DatabaseOption {
        DatabaseOption(text: databaseText, passwordFile: databasePasswordFile)
    }

    var token: TokenOption { TokenOption(token: tokenText) }

    func validate() throws {
        // As the parser checks a group of their own before the one holding it.
        try database.validate()
        guard let text = serverText ?? environmentServer else { return }
        try BackendOption.check(text, option: serverText != nil ? "--server" : "$CASEBOOK_SERVER")
        if serverText != nil {
            if name != nil {
                throw ValidationError(
                    "--server works on the diary of the token's user: leave out --user")
            }
            if databaseText != nil {
                throw ValidationError("--server and --database name two diaries: give one")
            }
        }
        try token.check(sendingTo: text, doing: "run the diary command")
    }

    /// The server named by --server, else by $CASEBOOK_SERVER unless --user or --database
    /// names a diary here; nil for a diary on this machine.
    var server: URL? {
        if let serverText { return BackendOption.httpURL(serverText) }
        guard name == nil, databaseText == nil, let text = environmentServer else { return nil }
        return BackendOption.httpURL(text)
    }

    private var environmentServer: String? {
        ProcessInfo.processInfo.environment["CASEBOOK_SERVER"]
    }
}

extension DiaryUserOption {
    /// The option as if `--user name` had been parsed (nil: not given), for a command run
    /// without the parser.
    init(name: String?) {
        self.init()
        self.name = name
    }
}
