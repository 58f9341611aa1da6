import CasebookPhotos

/// A photo as a `DishPhotoStore` keeps it: the two sizes the pages serve (at most
/// `DishPhotoSize.large` and `DishPhotoSize.small` pixels each way), both JPEG with no
/// metadata. Kept for good: a menu's history may show it again.
public typealias StoredDishPhoto = PreparedPhoto
