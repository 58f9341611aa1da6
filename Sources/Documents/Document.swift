import CasebookFileSystem
import Foundation

/// Why a document could not be read or written.
public enum DocumentError: Error, Equatable, CustomStringConvertible {
    case cannotLoadContent
    case cannotSaveContent

    public var description: String {
        switch self {
        case .cannotLoadContent: "the document cannot be read as text"
        case .cannotSaveContent: "the document cannot be written"
        }
    }
}

/// A text document: its first line is its title, the rest its body.
open class Document {
    public let fileURL: URL
    /// "Untitled" until set or loaded; a title is one line.
    public var title = "Untitled"
    public var body = ""
    /// Why the last `load()` could not read the file (nil when it read it, or before any load):
    /// `load()` itself throws `DocumentError.cannotLoadContent` whatever the reason.
    public private(set) var readProblem: FileProblem?
    /// Why the last `save()` could not write the file, in words (nil when it wrote it, or before
    /// any save): `save()` itself throws `DocumentError.cannotSaveContent` whatever the reason.
    public private(set) var writeProblem: String?

    /// The file's own ways, kept for `save()`: the line break its title ended with (LF, CR LF
    /// or CR), and whether it began with a byte order mark (U+FEFF), which is no part of the
    /// title.
    private var titleLineBreak = "\n"
    private var byteOrderMark = false

    public required init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The most a document may hold: 16 MiB of text.
    public static let maximumSize = 16 * 1024 * 1024

    /// Whether a document of this type is read through a symbolic link or a hard link. A type
    /// that answers false reads only a regular file with one name, reached without a link, and
    /// checked before it is opened for reading (see `BoundedFile`'s `singleName`): what a server
    /// listing a folder of documents needs, whose own databases must never be opened.
    open class var followsLinks: Bool { true }

    /// Reads the title and body from the file: a regular file (never a FIFO or a device, which
    /// could block or never end) of at most `maximumSize` bytes of UTF-8 text.
    open func load() throws {
        let text: String
        do {
            let followsLinks = type(of: self).followsLinks
            text = try BoundedFile.text(
                atPath: fileURL.path, limit: Self.maximumSize, followingSymlink: followsLinks,
                singleName: !followsLinks)
            readProblem = nil
        } catch {
            readProblem = error
            throw DocumentError.cannotLoadContent
        }
        // The first line ends at LF, CR LF or a lone CR, found among the bytes: Swift takes
        // CR LF for one character, which a split at "\n" would never find.
        byteOrderMark = text.unicodeScalars.first == "\u{FEFF}"
        let content = byteOrderMark ? String(text.unicodeScalars.dropFirst()) : text
        let bytes = content.utf8
        let lineBreak = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D }
        let firstLine = String(content[..<(lineBreak ?? bytes.endIndex)])
        var bodyStart = lineBreak.map { bytes.index(after: $0) } ?? bytes.endIndex
        if let lineBreak, bytes[lineBreak] == 0x0D, bodyStart < bytes.endIndex,
            bytes[bodyStart] == 0x0A
        {
            bodyStart = bytes.index(after: bodyStart)
        }
        titleLineBreak = lineBreak.map { String(content.utf8[$0..<bodyStart])! } ?? "\n"
        title = firstLine.trimmingCharacters(in: .whitespaces).isEmpty ? "Untitled" : firstLine
        body = String(content[bodyStart...])
    }

    /// Writes the title (as one line, ended as the file's was) and the body, after the byte
    /// order mark the file began with, atomically (`ReplacedFile`): a crash leaves
    /// the old file or the new one, never half of one. The file keeps its mode and owner; through
    /// a symbolic link (for a type that follows links), the file it names gets the new text. A
    /// file with two names (a hard link) is not written, since replacing it would part them.
    open func save() throws {
        let line = title.split(whereSeparator: \.isNewline).joined(separator: " ")
        do {
            let mark = byteOrderMark ? "\u{FEFF}" : ""
            try ReplacedFile.write(
                Data((mark + line + titleLineBreak + body).utf8), to: fileURL.path,
                followingSymlink: type(of: self).followsLinks)
            writeProblem = nil
        } catch {
            writeProblem = error.reason
            throw DocumentError.cannotSaveContent
        }
    }
}
