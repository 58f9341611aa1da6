import Diary

/// Records every stack the router shows.
final class NavigationStackSpy: DiaryNavigationStack {
    private(set) var shownStacks: [[DiaryScreen]] = []

    var screens: [DiaryScreen] { shownStacks.last ?? [] }

    var top: DiaryScreen? { screens.last }

    func show(_ screens: [DiaryScreen]) {
        shownStacks.append(screens)
    }

    var list: DiaryListScreen? {
        if case .list(let screen)? = screens.first { return screen }
        return nil
    }

    var detail: EntryDetailScreen? {
        if case .detail(let screen)? = top { return screen }
        return nil
    }
}
