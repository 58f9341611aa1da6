/// Makes the photo a manager uploads into what the menu keeps: checked by its bytes, turned
/// upright, shrunk to the two sizes the pages serve and stripped of every piece of metadata
/// (a phone's GPS position among them). Refuses what is not a whole JPEG, PNG or WebP within
/// `DishPhotoLimits` with a `DishPhotoError` saying why.
public protocol DishPhotoPreparing: Sendable {
    func prepare(_ bytes: [UInt8]) throws(DishPhotoError) -> StoredDishPhoto
}
