import Diary
import Menu
import MenuPhotos

/// The diary's photos made as the menu's are (`VipsDishPhotoPreparer`: libvips, the format
/// told by the bytes, metadata stripped, two sizes): one image module for both systems.
public struct DiaryPhotoPreparer: EntryPhotoPreparing {
    let preparer: any DishPhotoPreparing

    /// Whether photos, a dish's or an entry's, can be made here (`VipsDishPhotoPreparer`).
    public static var isAvailable: Bool { VipsDishPhotoPreparer.isAvailable }

    public init(preparer: any DishPhotoPreparing = VipsDishPhotoPreparer()) {
        self.preparer = preparer
    }

    public func prepare(_ bytes: [UInt8]) throws -> EntryPhotoFile {
        try preparer.prepare(bytes)
    }
}
