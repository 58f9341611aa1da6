/// Why a file from outside was not read.
public enum FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    case permissionDenied
    case symbolicLink
    case directory
    /// A FIFO, a device or a socket: reading one could block forever or never end.
    case notRegular(kind: String)
    case tooLarge(limit: Int)
    case notText
    case containsNUL
    case system(String)

    /// What is wrong, to follow the file's name: "…: it is a folder".
    public var description: String {
        switch self {
        case .missing: "there is no such file"
        case .permissionDenied: "permission denied"
        case .symbolicLink: "it is a symbolic link, which is not followed here"
        case .directory: "it is a folder"
        case .notRegular(let kind): "it is \(kind), not a regular file"
        case .tooLarge(let limit): "it is larger than \(Self.size(limit)), the most read here"
        case .notText: "it is not UTF-8 text"
        case .containsNUL: "it contains a NUL byte, which text may not"
        case .system(let reason): reason
        }
    }

    /// `bytes` in KiB or MiB.
    public static func size(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0
            ? "\(bytes / (1024 * 1024)) MiB" : "\(bytes / 1024) KiB"
    }
}
