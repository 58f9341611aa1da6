/// A diary store that keeps photos on its entries, in the order they were given. A photo stays
/// with its entry in the trash (it comes back with it) and goes when the trash is emptied of
/// it; a photo on two entries is kept once.
public protocol DiaryPhotoStore: DiaryStore {
    /// Puts `photo` on the entry with `id`, last, saying what it shows (`alt`); false when the
    /// entry has it already (its words are then `alt`).
    /// - Throws: `DiaryError.unknownEntry` when the diary has no such entry;
    ///   `DiaryPhotoError.tooMany` when the entry has `DiaryPhotoLimits.mostPerEntry` already.
    func addPhoto(_ photo: EntryPhotoFile, alt: String, toEntry id: Entry.ID) throws -> Bool
    /// The photos on the entry with `id`, in the order they were given.
    func photos(ofEntry id: Entry.ID) throws -> [EntryPhoto]
    /// The photo kept under `photoID`, when an entry of this diary (or of its trash) has it.
    func photoFile(id photoID: String) throws -> EntryPhotoFile?
    /// Takes the photo `photoID` off the entry with `id`; false when the entry had none such.
    func removePhoto(id photoID: String, fromEntry id: Entry.ID) throws -> Bool
    /// The photos of every entry of the diary (not of its trash) that has any, each entry's in
    /// order: what an export carries.
    func photosOfEveryEntry() throws -> [Entry.ID: [EntryPhoto]]
}
