/// A screen the diary shows.
public enum DiaryScreen {
    case list(DiaryListScreen)
    case detail(EntryDetailScreen)
}

/// Whatever shows the screens: tests record them, the web pages render the top one, an iOS app
/// would set its navigation controller's view controllers.
public protocol DiaryNavigationStack: AnyObject {
    /// Replaces the whole stack; the last screen is on top.
    func show(_ screens: [DiaryScreen])
}
