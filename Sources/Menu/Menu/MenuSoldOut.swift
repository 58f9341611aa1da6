/// A dish marked sold out: for one day (`YYYY-MM-DD`, in the server's time zone), after which
/// it is offered again by itself, or until someone says otherwise.
public enum MenuSoldOut: Equatable, Sendable {
    case on(day: String)
    case untilFurtherNotice

    /// Whether it holds on `day` (`YYYY-MM-DD`).
    public func holds(onDay day: String) -> Bool {
        switch self {
        case .on(let marked): marked == day
        case .untilFurtherNotice: true
        }
    }

    /// The mark a menu file writes (`sold_out: true`, `sold_out: 2026-11-26`), read back.
    public init?(fileText text: String) {
        if text == "true" {
            self = .untilFurtherNotice
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.enumerated().allSatisfy({
                $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element)
            })
        else { return nil }
        self = .on(day: text)
    }

    /// As a menu file writes it.
    public var fileText: String {
        switch self {
        case .on(let day): day
        case .untilFurtherNotice: "true"
        }
    }
}

extension Menu {
    /// The menu as served on `day` (`YYYY-MM-DD`): a dish marked sold out for another day is
    /// offered again.
    public func served(onDay day: String) -> Menu {
        editingDishes { _, price, mark in (price, mark?.holds(onDay: day) == true ? mark : nil) }
    }

    /// The same menu with the marks `marks` sets (a nil mark: offered again), each dish
    /// otherwise as it was; nil when it names a place the menu does not have.
    public func marked(_ marks: [MenuPlace: MenuSoldOut?]) -> Menu? {
        guard marks.keys.allSatisfy({ dish(at: $0) != nil }) else { return nil }
        return editingDishes { place, price, mark in (price, marks[place] ?? mark) }
    }
}
