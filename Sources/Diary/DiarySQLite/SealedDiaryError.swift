/// Why a sealed diary could not be opened, or a diary sealed or unsealed, in words for its
/// diarist. Nothing is changed when one is thrown.
public enum SealedDiaryError: Error, Equatable, CustomStringConvertible {
    /// The passphrase is not the one the diary was sealed with.
    case wrongPassphrase
    /// The file is a sealed diary's no longer: `reason` says how.
    case damaged(String)
    /// The diary could not be read, written or locked: `reason` says why.
    case cannotUse(String)
    /// The file is no sealed diary.
    case notSealed
    /// The diary at `path` is sealed, and was opened as a plain SQLite file.
    case sealed(path: String)
    /// Both a plain diary and a sealed one are at `path`'s place: which is the diary is unsure.
    case both(plain: String, sealed: String)

    public var description: String {
        switch self {
        case .wrongPassphrase:
            "the passphrase is wrong; the diary is unchanged"
        case .damaged(let reason):
            "the sealed diary cannot be opened: \(reason); it is unchanged"
        case .cannotUse(let reason):
            "the sealed diary cannot be used: \(reason)"
        case .notSealed:
            "the file is not a sealed diary"
        case .sealed(let path):
            "the diary at \(path) is encrypted with a passphrase (casebook diary decrypt makes it plain again)"
        case .both(let plain, let sealed):
            "both \(plain) and \(sealed) are there: move one away, then try again"
        }
    }
}
