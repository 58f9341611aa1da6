import CasebookFileSystem
import Diary
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The passphrase of an encrypted diary: the first line of the file `$CASEBOOK_DIARY_PASSPHRASE_FILE`
/// names (for scripts), else typed at the terminal without echo. Never an argument or a
/// variable's value, which other processes can read; never standard input, which carries an
/// entry's text.
enum DiaryPassphrase {
    static let fileVariable = "CASEBOOK_DIARY_PASSPHRASE_FILE"
    /// scrypt's cost (log2 N, 10 to 20) for a diary sealed from now on: for tests only.
    static let costVariable = "CASEBOOK_SEAL_COST"

    /// The fewest characters a new passphrase may have.
    static let shortest = SealedDiaryFile.shortestPassphrase

    /// The passphrase of the diary sealed at `path`.
    static func current(of path: String) throws -> String {
        try read(file: getenv(fileVariable).map { String(cString: $0) }, prompt: "Passphrase: ") {
            "the diary is encrypted (\(path)): type its passphrase at a terminal, or name a file holding it in $\(fileVariable)"
        }
    }

    /// A new passphrase: from `file` when given, else typed twice at the terminal; at least
    /// `shortest` characters.
    static func new(file: String?) throws -> String {
        let passphrase = try read(file: file, prompt: "New passphrase: ") {
            "a new passphrase is typed at a terminal, or read from --passphrase-file"
        }
        guard passphrase.count >= shortest else {
            throw FailureReport.Message("the passphrase is shorter than \(shortest) characters")
        }
        if file == nil {
            let again = try read(file: nil, prompt: "The same passphrase again: ") { "" }
            guard again == passphrase else {
                throw FailureReport.Message("the two passphrases differ")
            }
        }
        return passphrase
    }

    /// The cost a new seal takes: `$CASEBOOK_SEAL_COST`, or the standard one.
    static func cost() throws -> SealedDiaryFile.Cost {
        guard let value = getenv(costVariable) else { return .standard }
        guard let log2N = UInt8(String(cString: value)), (10...20).contains(log2N) else {
            throw FailureReport.Message("$\(costVariable) is not a whole number from 10 to 20")
        }
        return SealedDiaryFile.Cost(log2N: log2N, r: 8, p: 1)
    }

    private static func read(file: String?, prompt: String, none: () -> String) throws -> String {
        var bytes: [UInt8]
        if let file {
            do {
                bytes = try BoundedFile.bytes(
                    atPath: file, limit: PasswordInput.maximumLength, followingSymlink: true)
            } catch {
                throw FailureReport.Message("the passphrase file \(file): \(error)")
            }
            if let end = bytes.firstIndex(of: 0x0A) { bytes = Array(bytes[..<end]) }
            if bytes.last == 0x0D { bytes.removeLast() }
        } else {
            let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard terminal >= 0 else { throw FailureReport.Message(none()) }
            close(terminal)
            guard let typed = getpass(prompt) else { throw FailureReport.Message(none()) }
            bytes = TextBytes.bytes(ofCString: typed)
        }
        if let invalid = TextBytes.firstInvalidByte(in: bytes) {
            throw FailureReport.Message(
                "the passphrase is not valid UTF-8 text (\(TextBytes.place(invalid)))")
        }
        guard !bytes.isEmpty else { throw FailureReport.Message("the passphrase is empty") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
