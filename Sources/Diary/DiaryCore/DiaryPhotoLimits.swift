/// How much of a photo an entry takes.
public enum DiaryPhotoLimits {
    /// The most photos on one entry.
    public static let mostPerEntry = 24
    /// The most characters of the words saying what a photo shows.
    public static let longestAlt = 300
}
