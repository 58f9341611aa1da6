/// What a guest asks of the menu: dishes without some allergens (`without: [.nuts]`) and with
/// some labels (`labels: [.vegetarian]`). A menu filtered keeps its sections, with only the
/// items that suit.
public struct MenuFilter: Equatable, Sendable {
    public var without: Set<Allergen>
    public var labels: Set<DietaryLabel>

    public init(without: Set<Allergen> = [], labels: Set<DietaryLabel> = []) {
        self.without = without
        self.labels = labels
    }

    public var isEmpty: Bool { without.isEmpty && labels.isEmpty }

    /// Whether `offering` contains none of the allergens left out and has every label asked.
    public func admits(_ offering: some MenuOffering) -> Bool {
        without.isDisjoint(with: offering.allergens) && labels.isSubset(of: offering.labels)
    }

    /// `menu` with only the items that suit.
    public func apply(to menu: Menu) -> Menu {
        var filtered = menu
        filtered.pizzas = menu.pizzas.filter(admits)
        filtered.beverages = menu.beverages.filter(admits)
        filtered.desserts = menu.desserts.filter(admits)
        return filtered
    }
}
