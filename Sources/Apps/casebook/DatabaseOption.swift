import ArgumentParser
import CasebookPostgres
import Foundation

/// `--database URL` and `--database-password-file PATH`: a PostgreSQL database instead of the
/// data directory's SQLite files, shared by `serve` and the commands that manage its users.
struct DatabaseOption: ParsableArguments {
    /// The help of `--database`, which `DiaryUserOption` declares beside its own options too.
    static let textHelp = ArgumentHelp(
        "A PostgreSQL database for every store: postgres://USER@HOST:PORT/DATABASE.",
        discussion:
            "Also $CASEBOOK_DATABASE_URL. The password comes from the URL, else $PGPASSWORD, else --database-password-file; it is never printed. ?sslmode=disable|prefer|require|verify-full (default prefer).",
        valueName: "url")
    /// The help of `--database-password-file`.
    static let passwordFileHelp: ArgumentHelp =
        "A file whose first line is the database's password."

    @Option(name: .customLong("database"), help: textHelp)
    var text: String?

    @Option(name: .customLong("database-password-file"), help: passwordFileHelp)
    var passwordFile: String?

    func validate() throws {
        if passwordFile != nil, text == nil,
            ProcessInfo.processInfo.environment["CASEBOOK_DATABASE_URL"] == nil
        {
            throw ValidationError(
                "--database-password-file is given without --database (or $CASEBOOK_DATABASE_URL)")
        }
        _ = try url()
    }

    /// The database named by --database or $CASEBOOK_DATABASE_URL, if any.
    func url() throws -> DatabaseURL? {
        let environment = ProcessInfo.processInfo.environment
        guard let text = text ?? environment["CASEBOOK_DATABASE_URL"] else { return nil }
        do {
            return try DatabaseURL(
                text, environment: environment,
                passwordFile: (passwordFile ?? environment["CASEBOOK_DATABASE_PASSWORD_FILE"])
                    .map { URL(fileURLWithPath: $0) })
        } catch {
            throw ValidationError(
                "\(self.text == nil ? "$CASEBOOK_DATABASE_URL" : "--database"): \(error)")
        }
    }
}

extension DatabaseOption {
    /// The options as another group read them (`DiaryUserOption`).
    init(text: String?, passwordFile: String?) {
        self.init()
        self.text = text
        self.passwordFile = passwordFile
    }
}
