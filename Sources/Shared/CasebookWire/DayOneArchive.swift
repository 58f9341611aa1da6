import CasebookZip
import Crypto
import DiaryCore
import Foundation

/// A whole diary as Day One exports a journal, so that Day One imports it: a ZIP of
/// `Journal.json` (`DayOneJournalWire`: each entry's uuid, creation date, the zone it is
/// exported in, its text, tags, star and photos) and each photo's large size once, as
/// `photos/MD5.jpeg`, named by the MD5 of its bytes as Day One names them.
public enum DayOneArchive {
    /// The ZIP of every entry of `entries` and their photos, oldest first, dated in `zone`.
    public static func zip(of entries: DiaryEntries, zone: TimeZone, modified: Date = Date())
        throws -> [UInt8]
    {
        var all: [Entry] = []
        try entries.forEachNewest(limit: Int.max) { all.append($0) }
        all.reverse()
        let starred = try entries.starredIDs()
        let photos = try entries.photosOfEveryEntry()
        var files: [(name: String, bytes: [UInt8])] = []
        var named: [String: DayOneJournalWire.Photo] = [:]
        var written: [DayOneJournalWire.Entry] = []
        for entry in all {
            var listed: [DayOneJournalWire.Photo] = []
            for (order, photo) in (photos[entry.id] ?? []).enumerated() {
                if named[photo.id] == nil, let file = try entries.photoFile(id: photo.id) {
                    let md5 = Insecure.MD5.hash(data: file.large)
                        .map { String(format: "%02x", $0) }.joined()
                    files.append(("photos/\(md5).jpeg", file.large))
                    named[photo.id] = DayOneJournalWire.Photo(
                        md5: md5, type: "jpeg",
                        identifier: String(photo.id.prefix(32)).uppercased(),
                        width: file.largeWidth, height: file.largeHeight, orderInEntry: nil)
                }
                guard let known = named[photo.id] else { continue }
                listed.append(
                    DayOneJournalWire.Photo(
                        md5: known.md5, type: known.type, identifier: known.identifier,
                        width: known.width, height: known.height, orderInEntry: order))
            }
            written.append(
                DayOneJournalWire.Entry(
                    uuid: entry.id.uuidString.replacingOccurrences(of: "-", with: ""),
                    creationDate: WireDateText.text(of: entry.date), text: entry.text,
                    tags: DiaryTags.tags(in: entry.text), starred: starred.contains(entry.id),
                    photos: listed.isEmpty ? nil : listed, timeZone: zone.identifier))
        }
        var writer = ZipWriter(modified: modified)
        var zip = try writer.entry(
            named: "Journal.json",
            contents: Array(
                WireJSON.encode(
                    DayOneJournalWire(metadata: ["version": "1.0"], entries: written),
                    indented: true)))
        for file in files { zip += try writer.entry(named: file.name, contents: file.bytes) }
        return zip + writer.finish()
    }
}
