/// Why a diary's encryption cannot be changed as asked, in the diarist's words.
enum DiaryEncryptionError: Error, Equatable, CustomStringConvertible {
    /// Encrypting a diary that is encrypted already (from another tab, say): its passphrase is
    /// the one it was first encrypted with, not the one just typed.
    case alreadyEncrypted

    var description: String {
        switch self {
        case .alreadyEncrypted:
            "Your diary is encrypted already, with the passphrase it was first encrypted with: the one just typed does not open it."
        }
    }
}
