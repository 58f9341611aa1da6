import CasebookWire
import Diary

/// The photos a diary file brings (a Day One ZIP's), made as every photo is and put on their
/// entries: for `casebook diary import` and the import page alike. Every photo is made before
/// any entry is added, so a file with a photo that is no photo is refused whole, naming it.
public struct DiaryPhotoImport: Sendable {
    /// A photo of the file refused, naming where it is in the file and why.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file's photos, made; what a store that keeps none leaves out.
    public let photos: [(entry: Entry.ID, photo: EntryPhotoFile, alt: String)]
    public let leftOut: Int

    /// Makes `contents`' photos with `preparer`, when `keepsPhotos` (else they are left out).
    /// - Throws: `Refusal` for the first photo that is no photo.
    public init(
        _ contents: DiaryFile.Contents, keepsPhotos: Bool,
        preparer: any EntryPhotoPreparing = DiaryPhotoPreparer()
    ) throws {
        guard keepsPhotos else {
            photos = []
            leftOut = contents.photosLeftOut + contents.photos.count
            return
        }
        photos = try contents.photos.map { photo in
            do {
                return (photo.entry, try preparer.prepare(photo.bytes), photo.alt)
            } catch {
                throw Refusal(description: "\(photo.name): \(error)")
            }
        }
        leftOut = contents.photosLeftOut
    }

    /// Puts each photo on its entry (one already there keeps its words); gives how many.
    public func add(to entries: DiaryEntries) throws -> Int {
        for (entry, photo, alt) in photos {
            try entries.addPhoto(photo, alt: alt, toEntry: entry)
        }
        return photos.count
    }

    /// What the import says of the photos, after "imported …": nothing without any.
    public func summary(keepsPhotos: Bool) -> String {
        var said = ""
        if !photos.isEmpty {
            said += ", \(photos.count) \(photos.count == 1 ? "photo" : "photos")"
        }
        if leftOut > 0 {
            said +=
                ", \(leftOut) \(leftOut == 1 ? "photo" : "photos") left out ("
                + (keepsPhotos
                    ? "not in the file: import Day One's ZIP export to bring them"
                    : "this diary keeps no photos") + ")"
        }
        return said
    }
}
