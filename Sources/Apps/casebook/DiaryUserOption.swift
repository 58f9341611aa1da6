import ArgumentParser

/// Which diary a command works on: `--user NAME`, the diary of a user of the server, the one
/// they see when signed in (without it, the shared diary, which only a server without users
/// shows); in the data directory, or with `--database URL` (or `$CASEBOOK_DATABASE_URL`) in
/// the PostgreSQL database the servers share.
struct DiaryUserOption: ParsableArguments {
    @Option(
        name: .customLong("user"),
        help: "Work on this user's own diary, the one the server shows them when signed in.")
    var name: String?

    @OptionGroup var database: DatabaseOption
}

extension DiaryUserOption {
    /// The option as if `--user name` had been parsed (nil: not given), for a command run
    /// without the parser.
    init(name: String?) {
        self.init()
        self.name = name
    }
}
