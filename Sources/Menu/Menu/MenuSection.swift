/// The menu's sections, in the order they are always shown.
public enum MenuSection: String, CaseIterable, Sendable {
    case pizzas, beverages, desserts

    public var title: String {
        switch self {
        case .pizzas: "Pizzas"
        case .beverages: "Beverages"
        case .desserts: "Desserts"
        }
    }
}
