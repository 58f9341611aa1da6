import Diary

/// The terminal's navigation stack: it keeps the screens the router showed last, for a command
/// to read or act on.
final class LatestScreens: DiaryNavigationStack {
    private(set) var screens: [DiaryScreen] = []

    func show(_ screens: [DiaryScreen]) {
        self.screens = screens
    }

    var list: DiaryListScreen? {
        if case .list(let screen)? = screens.first { return screen }
        return nil
    }

    var detail: EntryDetailScreen? {
        if case .detail(let screen)? = screens.last { return screen }
        return nil
    }
}
