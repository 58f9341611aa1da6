/// Makes a file a diarist gives into the photo the diary keeps: checked by its bytes (a whole
/// JPEG, PNG or WebP, at most 10 MB), turned upright, shrunk to two sizes and stripped of every
/// piece of metadata (a phone's GPS position among them). A refusal's description says why, in
/// words for the diarist.
public protocol EntryPhotoPreparing: Sendable {
    func prepare(_ bytes: [UInt8]) throws -> EntryPhotoFile
}
