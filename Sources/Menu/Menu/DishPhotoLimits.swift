/// What a dish's photo may be, and the sizes it is served in.
public enum DishPhotoLimits {
    /// The most bytes an upload may have: 10 MB.
    public static let mostBytes = 10 * 1024 * 1024
    /// The most pixels each way the file may say it has.
    public static let mostSide = 12_000
    /// The most pixels in all (40 megapixels: a phone's photo is 12 to 48), so that a small
    /// file saying it is huge (a decompression bomb) is refused before it is decoded.
    public static let mostPixels = 40_000_000
    /// The large size's longest side, in pixels: a dish's own page.
    public static let largeSide = 1_200
    /// The small size's longest side: the menu's rows.
    public static let smallSide = 320
}
