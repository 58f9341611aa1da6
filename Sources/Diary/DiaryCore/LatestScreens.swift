/// A navigation stack for one request or one command: it keeps the screens the router showed
/// last, for a terminal or a web page to render or act on.
public final class LatestScreens: DiaryNavigationStack {
    public private(set) var screens: [DiaryScreen] = []

    public init() {}

    public func show(_ screens: [DiaryScreen]) {
        self.screens = screens
    }

    /// The list at the bottom of the stack.
    public var list: DiaryListScreen? {
        if case .list(let screen)? = screens.first { return screen }
        return nil
    }

    /// The detail screen on top, if one is shown.
    public var detail: EntryDetailScreen? {
        if case .detail(let screen)? = screens.last { return screen }
        return nil
    }
}
