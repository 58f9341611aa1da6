import DiaryCore
import Foundation
import GRDB

/// A row of the `photo` table: one photo's two sizes, kept once however many entries have it;
/// the one place its columns are named and a photo is mapped to them.
struct PhotoRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "photo"

    /// The columns, named once.
    enum CodingKeys: String, CodingKey {
        case id, large
        case largeWidth = "large_width"
        case largeHeight = "large_height"
        case small
        case smallWidth = "small_width"
        case smallHeight = "small_height"
    }

    var id: String
    var large: Data
    var largeWidth: Int
    var largeHeight: Int
    var small: Data
    var smallWidth: Int
    var smallHeight: Int

    init(_ photo: EntryPhotoFile) {
        id = photo.id
        large = Data(photo.large)
        largeWidth = photo.largeWidth
        largeHeight = photo.largeHeight
        small = Data(photo.small)
        smallWidth = photo.smallWidth
        smallHeight = photo.smallHeight
    }

    var photo: EntryPhotoFile {
        EntryPhotoFile(
            id: id, large: [UInt8](large), largeWidth: largeWidth, largeHeight: largeHeight,
            small: [UInt8](small),
            smallWidth: smallWidth, smallHeight: smallHeight)
    }

    /// Keeps the photos on an entry (`entry_photo`: which, in what order, with what words)
    /// and the photos themselves.
    static let migration = """
        CREATE TABLE photo (
            id TEXT PRIMARY KEY NOT NULL,
            large BLOB NOT NULL, large_width INTEGER NOT NULL, large_height INTEGER NOT NULL,
            small BLOB NOT NULL, small_width INTEGER NOT NULL, small_height INTEGER NOT NULL
        );
        CREATE TABLE entry_photo (
            entry_id TEXT NOT NULL,
            photo_id TEXT NOT NULL REFERENCES photo(id),
            position INTEGER NOT NULL,
            alt TEXT NOT NULL,
            PRIMARY KEY (entry_id, photo_id)
        ) WITHOUT ROWID;
        CREATE INDEX entry_photo_photo ON entry_photo(photo_id);
        """
}
