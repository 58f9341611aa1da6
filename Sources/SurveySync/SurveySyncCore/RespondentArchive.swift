import CasebookZip
import Crypto
import Foundation

/// The respondents of a store as a ZIP file of their files, in id order, streamed a page of
/// the store at a time: each respondent's original (the text of the file its current version
/// was read from), or, for one that came without a file, its JSON, which a respondent file may
/// hold as it is (YAML reads it as the same mapping). Each entry is named after the id
/// (`fileName(forID:)`), so that reading the archive back, as an upload of its files does,
/// gives the same respondents.
///
/// What the ZIP file's directory needs of each entry is kept to its end: about 20 bytes and
/// the name, some 40 MB for a million respondents.
public struct RespondentArchive: Sendable {
    public let store: any ReviewedRespondentStore
    public let filter: RespondentFilter
    /// When the entries say they were last changed.
    public let modified: Date
    /// Respondents read from the store at a time.
    public var pageSize = 1_000

    public static let contentType = "application/zip"

    public init(
        store: any ReviewedRespondentStore, filter: RespondentFilter = RespondentFilter(),
        modified: Date = Date()
    ) {
        self.store = store
        self.filter = filter
        self.modified = modified
    }

    /// Writes the whole archive to `emit`, a page of respondents at a time, then its
    /// directory.
    public func write(to emit: ([UInt8]) async throws -> Void) async throws {
        var writer = ZipWriter(modified: modified)
        var after: String?
        while true {
            let page = try await store.originals(matching: filter, limit: pageSize, after: after)
            guard let last = page.last else { break }
            var piece: [UInt8] = []
            for (id, body, original) in page {
                let name = Self.fileName(forID: id)
                piece += try writer.entry(
                    named: name,
                    contents: Self.readsBack(original, as: id, named: name).map { Array($0.utf8) }
                        ?? Self.yamlReadable(body))
            }
            try await emit(piece)
            guard page.count == pageSize else { break }
            after = last.id
        }
        try await emit(writer.finish())
    }

    /// `original`, when a file of that text named `name` reads as the respondent `id`: a file
    /// without an `id` field is named by its file's name, which escaping may have changed.
    static func readsBack(_ original: String?, as id: String, named name: String) -> String? {
        guard let original else { return nil }
        if name == id + ".yaml" { return original }
        let read = try? RespondentParser.respondent(fromYAML: original, fileName: name)
        return read?.id == id ? original : nil
    }

    /// `json` as a respondent file may hold it: the characters of its strings that YAML takes
    /// for a line break or refuses as they are (DEL and the C1 controls, NEL among them; the
    /// line and paragraph separators; the byte order mark; U+FFFE and U+FFFF) written as
    /// JSON's `\uXXXX` escapes, which a YAML double-quoted string reads as the same character.
    static func yamlReadable(_ json: [UInt8]) -> [UInt8] {
        // Each such character's UTF-8 starts with one of these bytes.
        guard json.contains(where: { [0x7F, 0xC2, 0xE2, 0xEF].contains($0) }) else { return json }
        var output = String.UnicodeScalarView()
        var inString = false
        var escaped = false
        for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                } else if Self.unreadableRaw(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output.append(
                        contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                            .unicodeScalars)
                    continue
                }
            } else if scalar == "\"" {
                inString = true
            }
            output.append(scalar)
        }
        return Array(String(output).utf8)
    }

    /// Whether YAML reads `scalar` as something else, or refuses it, where it stands as it is.
    private static func unreadableRaw(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// The most bytes of a file's name kept from its id: file systems hold names of 255.
    static let longestNamePart = 150

    /// The name of a respondent's file in an archive: its id, each byte that is not a letter,
    /// a digit, `-`, `_` or `.` (or is a `.` that begins the name) written `%XX`, then
    /// `.yaml`; a name longer than `longestNamePart` cut there and ended with `~` and the
    /// first 16 hex digits of the id's SHA-256. No two ids share a name, and no name leaves
    /// the folder it is unpacked into.
    public static func fileName(forID id: String) -> String {
        var name = ""
        for (index, byte) in id.utf8.enumerated() {
            let kept =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || (byte == UInt8(ascii: ".") && index > 0)
            if kept {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                name += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        guard name.utf8.count > longestNamePart else { return name + ".yaml" }
        // Cut at a byte that begins no `%XX`, so that the cut part reads as it was escaped.
        var cut = Array(name.utf8.prefix(longestNamePart))
        while let percent = cut.suffix(2).firstIndex(of: UInt8(ascii: "%")) {
            cut.removeSubrange(percent...)
        }
        let digest = SHA256.hash(data: Data(id.utf8)).prefix(8).map {
            String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
        }.joined()
        return String(decoding: cut, as: UTF8.self) + "~" + digest + ".yaml"
    }
}
