import Menu

/// What a button of the menu's edit page does besides saving its fields, as its `action`
/// value names it: `up.pizzas.2`, `down.pizzas.2`, `remove.pizzas.2` for a dish,
/// `earlier.desserts`, `later.desserts` for a section.
enum MenuEditAction: Equatable {
    case move(MenuPlace, by: Int)
    case remove(MenuPlace)
    case moveSection(MenuSection, by: Int)

    /// The action `text` names; nil for none.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let section = MenuSection(rawValue: parts[1]) else { return nil }
        if parts.count == 2 {
            switch parts[0] {
            case "earlier": self = .moveSection(section, by: -1)
            case "later": self = .moveSection(section, by: 1)
            default: return nil
            }
            return
        }
        guard parts.count == 3, parts[2].count <= 5, parts[2].allSatisfy(\.isASCII),
            let index = Int(parts[2]), index >= 0
        else { return nil }
        let place = MenuPlace(section: section, index: index)
        switch parts[0] {
        case "up": self = .move(place, by: -1)
        case "down": self = .move(place, by: 1)
        case "remove": self = .remove(place)
        default: return nil
        }
    }

    /// `menu` with the action done; nil when it cannot be (no such dish, or no place to move
    /// it or its section to).
    func apply(to menu: Menu) -> Menu? {
        switch self {
        case .move(let place, let offset): menu.moving(at: place, by: offset)
        case .remove(let place): menu.removing(at: place)
        case .moveSection(let section, let offset): menu.movingSection(section, by: offset)
        }
    }

    /// The action in words, for the revision's note: "moved Margherita down".
    func note(in menu: Menu) -> String {
        switch self {
        case .move(let place, let offset):
            "moved \(menu.dish(at: place)?.name ?? "a dish") \(offset < 0 ? "up" : "down")"
        case .remove(let place): "removed \(menu.dish(at: place)?.name ?? "a dish")"
        case .moveSection(let section, let offset):
            "put \(section.title) \(offset < 0 ? "earlier" : "later")"
        }
    }

    /// The value of the button that does it.
    var value: String {
        switch self {
        case .move(let place, let offset):
            "\(offset < 0 ? "up" : "down").\(place.section.rawValue).\(place.index)"
        case .remove(let place): "remove.\(place.section.rawValue).\(place.index)"
        case .moveSection(let section, let offset):
            "\(offset < 0 ? "earlier" : "later").\(section.rawValue)"
        }
    }
}
