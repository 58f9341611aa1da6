import CasebookZip
import DiaryCore
import Foundation

/// A whole diary with its photos as one ZIP file, which `diary import` and the import page read
/// back: `diary.json` (Casebook's JSON, as `diary export` writes it), `photos.json`
/// (`DiaryPhotosWire`: each entry's photos, in order, with their words) and each photo's large
/// size once, in `photos/ID.jpg`. A photo read back is made again as every photo is.
public enum DiaryArchive {
    /// The ZIP of every entry of `entries` and their photos, its files dated `modified`.
    public static func zip(of entries: DiaryEntries, modified: Date = Date()) throws -> [UInt8] {
        var all: [Entry] = []
        try entries.forEachNewest(limit: Int.max) { all.append($0) }
        let json = DiaryEntriesJSONStream.encode(
            all, starred: try entries.starredIDs(), indented: true)
        let photos = try entries.photosOfEveryEntry()
        var listed: [DiaryPhotosWire.Photo] = []
        var files: [String] = []
        // In the diary's order, newest first, so that the file reads as the diary does.
        for entry in all {
            for photo in photos[entry.id] ?? [] {
                let file = "photos/\(photo.id).jpg"
                if !files.contains(file) { files.append(file) }
                listed.append(
                    DiaryPhotosWire.Photo(
                        entry: EntryIDText.text(of: entry.id), file: file, alt: photo.alt))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var writer = ZipWriter(modified: modified)
        var zip = try writer.entry(named: "diary.json", contents: json)
        zip += try writer.entry(
            named: DiaryPhotosWire.fileName,
            contents: Array(try encoder.encode(DiaryPhotosWire(photos: listed))))
        for file in files {
            let id = String(file.dropFirst("photos/".count).dropLast(".jpg".count))
            guard let photo = try entries.photoFile(id: id) else { continue }
            zip += try writer.entry(named: file, contents: photo.large)
        }
        return zip + writer.finish()
    }
}
