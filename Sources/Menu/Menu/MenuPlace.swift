import Foundation

/// Where a dish is on the menu: its section, and its position there (from 0).
public struct MenuPlace: Hashable, Sendable {
    public let section: MenuSection
    public let index: Int

    public init(section: MenuSection, index: Int) {
        self.section = section
        self.index = index
    }
}

extension Menu {
    /// Every dish's place, section by section, in order.
    public var places: [MenuPlace] {
        MenuSection.allCases.flatMap { section in
            (0..<count(in: section)).map { MenuPlace(section: section, index: $0) }
        }
    }

    /// How many dishes `section` holds.
    public func count(in section: MenuSection) -> Int {
        switch section {
        case .pizzas: pizzas.count
        case .beverages: beverages.count
        case .desserts: desserts.count
        }
    }

    /// The name and price of the dish at `place`; nil for a place the menu does not have.
    public func dish(at place: MenuPlace) -> (name: String, price: Decimal)? {
        guard place.index >= 0, place.index < count(in: place.section) else { return nil }
        return switch place.section {
        case .pizzas: (pizzas[place.index].name, pizzas[place.index].price)
        case .beverages: (beverages[place.index].name, beverages[place.index].price)
        case .desserts: (desserts[place.index].name, desserts[place.index].price)
        }
    }

    /// The mark of the dish at `place`; nil for none, or a place the menu does not have.
    public func soldOut(at place: MenuPlace) -> MenuSoldOut? {
        guard place.index >= 0, place.index < count(in: place.section) else { return nil }
        return switch place.section {
        case .pizzas: pizzas[place.index].soldOut
        case .beverages: beverages[place.index].soldOut
        case .desserts: desserts[place.index].soldOut
        }
    }

    /// The same menu with the prices `prices` sets, each dish otherwise as it was; nil when
    /// it names a place the menu does not have.
    public func repriced(_ prices: [MenuPlace: Decimal]) -> Menu? {
        guard prices.keys.allSatisfy({ dish(at: $0) != nil }) else { return nil }
        func priced<Kind>(_ dishes: [Offering<Kind>], _ section: MenuSection) -> [Offering<Kind>] {
            dishes.enumerated().map { index, dish in
                guard let price = prices[MenuPlace(section: section, index: index)] else {
                    return dish
                }
                return dish.priced(price)
            }
        }
        var menu = self
        menu.pizzas = priced(pizzas, .pizzas)
        menu.beverages = priced(beverages, .beverages)
        menu.desserts = priced(desserts, .desserts)
        return menu
    }
}

extension Offering {
    /// The same dish at `price`.
    func priced(_ price: Decimal) -> Offering {
        Offering(
            name: name, price: price, description: description, allergens: Set(allergens),
            labels: Set(labels)
        ).marked(soldOut)
    }
}
