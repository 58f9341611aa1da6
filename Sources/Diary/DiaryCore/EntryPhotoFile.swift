import CasebookPhotos

/// A photo as the diary keeps it: checked, turned upright and stripped of its metadata by an
/// `EntryPhotoPreparing`, in a large and a small JPEG, as the menu keeps a dish's.
public typealias EntryPhotoFile = PreparedPhoto
