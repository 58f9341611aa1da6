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
    /// Every dish's place, section by section in the menu's order, in order.
    public var places: [MenuPlace] {
        sectionOrder.flatMap { section in
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

    /// The dish at `place`; nil for a place the menu does not have.
    private func offering(at place: MenuPlace) -> (any MenuOffering)? {
        guard place.index >= 0, place.index < count(in: place.section) else { return nil }
        return switch place.section {
        case .pizzas: pizzas[place.index]
        case .beverages: beverages[place.index]
        case .desserts: desserts[place.index]
        }
    }

    /// The name and price of the dish at `place`; nil for a place the menu does not have.
    public func dish(at place: MenuPlace) -> (name: String, price: Decimal)? {
        offering(at: place).map { ($0.name, $0.price) }
    }

    /// The mark of the dish at `place`; nil for none, or a place the menu does not have.
    public func soldOut(at place: MenuPlace) -> MenuSoldOut? {
        offering(at: place)?.soldOut
    }

    /// The same menu with the prices `prices` sets, each dish otherwise as it was; nil when
    /// it names a place the menu does not have.
    public func repriced(_ prices: [MenuPlace: Decimal]) -> Menu? {
        guard prices.keys.allSatisfy({ dish(at: $0) != nil }) else { return nil }
        return editingDishes { place, price, mark in (prices[place] ?? price, mark) }
    }

    /// The menu with each dish's price and mark as `edit` gives them, from its place and its
    /// price and mark now; a dish they leave as it is stays the same value.
    func editingDishes(
        _ edit: (MenuPlace, Decimal, MenuSoldOut?) -> (price: Decimal, mark: MenuSoldOut?)
    ) -> Menu {
        func edited<Kind>(_ dishes: [Offering<Kind>], _ section: MenuSection) -> [Offering<Kind>] {
            dishes.enumerated().map { index, dish in
                let (price, mark) = edit(
                    MenuPlace(section: section, index: index), dish.price, dish.soldOut)
                return price == dish.price && mark == dish.soldOut
                    ? dish : dish.priced(price).marked(mark)
            }
        }
        var menu = self
        menu.pizzas = edited(pizzas, .pizzas)
        menu.beverages = edited(beverages, .beverages)
        menu.desserts = edited(desserts, .desserts)
        return menu
    }
}
