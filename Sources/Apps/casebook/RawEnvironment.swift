import CasebookFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The environment variables Casebook reads, as the bytes they hold. Foundation hands them on
/// as strings, with U+FFFD in place of bytes that are not UTF-8, so a data directory named by
/// such bytes would be created under another name.
enum RawEnvironment {
    /// Every variable a command of Casebook reads (the opener's `PATH` aside: it is the
    /// system's, and only searched).
    static let names = [
        "CASEBOOK_DATA", "XDG_DATA_HOME", "HOME", "CASEBOOK_DATABASE_URL",
        "CASEBOOK_DATABASE_PASSWORD_FILE", "PGPASSWORD", "CASEBOOK_TOKEN", "CASEBOOK_OPEN_COMMAND",
        "CASEBOOK_PASSWORD_COST", "CASEBOOK_DIARY_PASSPHRASE_FILE", "CASEBOOK_SEAL_COST",
        "LOG_LEVEL",
    ]

    /// A message for the first of them that is set and is not UTF-8 text, or nil. The value
    /// itself is not shown: it may be a password or a token.
    static func refusal() -> String? {
        for name in names {
            guard let value = getenv(name) else { continue }
            let bytes = TextBytes.bytes(ofCString: value)
            if let invalid = TextBytes.firstInvalidByte(in: bytes) {
                return "the environment variable \(name) is not valid UTF-8 text "
                    + "(\(TextBytes.place(invalid)))"
            }
        }
        return nil
    }
}
