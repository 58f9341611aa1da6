/// The ETag of one diary entry in the API's answers: its revision (`"7"`), marked when the
/// entry is starred (`"7-starred"`), so that a copy kept from before a star is not taken for
/// the starred entry. The revision is the text's: a star is not a change of the text, so an
/// edit made from either tag is an edit of the same revision.
public enum DiaryEntryETag {
    /// What ends the ETag of a starred entry.
    public static let starredMark = "-starred"

    /// The ETag of an entry at `revision`, starred or not.
    public static func text(revision: Int, starred: Bool = false) -> String {
        "\"\(revision)\(starred ? starredMark : "")\""
    }

    /// What ends an ETag of an answer sent compressed with gzip (`"7-gzip"`): its bytes are
    /// not the plain answer's, so its tag is its own (RFC 9110, 8.8.3.3); it names the same
    /// revision.
    public static let gzipMark = "-gzip"

    /// The revision a strong ETag of this kind names, sent plain or compressed; nil for any
    /// other tag.
    public static func revision(of tag: some StringProtocol) -> Int? {
        guard tag.count >= 3, tag.first == "\"", tag.last == "\"" else { return nil }
        var quoted = tag.dropFirst().dropLast()
        if quoted.hasSuffix(gzipMark) { quoted = quoted.dropLast(gzipMark.count) }
        let number = quoted.hasSuffix(starredMark) ? quoted.dropLast(starredMark.count) : quoted
        guard let revision = Int(number), revision >= 0 else { return nil }
        return revision
    }
}
