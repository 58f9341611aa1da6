/// What a guest asks of the menu: dishes without some allergens (`without: [.nuts]`) and with
/// some labels (`labels: [.vegetarian]`). A menu filtered keeps its sections, with only the
/// items that suit. A dish whose allergens are not declared is never taken for free of any,
/// nor one whose labels are not declared for having any: it is left out, and listed apart
/// (`undeclared(in:)`), for the guest to ask about.
public struct MenuFilter: Equatable, Sendable {
    public var without: Set<Allergen>
    public var labels: Set<DietaryLabel>

    public init(without: Set<Allergen> = [], labels: Set<DietaryLabel> = []) {
        self.without = without
        self.labels = labels
    }

    public var isEmpty: Bool { without.isEmpty && labels.isEmpty }

    /// Whether `offering` is declared to contain none of the allergens left out and to have
    /// every label asked.
    public func admits(_ offering: some MenuOffering) -> Bool {
        !rulesOut(offering) && !asksUndeclared(offering)
            && without.isDisjoint(with: offering.allergens)
            && labels.isSubset(of: offering.labels)
    }

    /// Whether the filter asks about what `offering` has not declared (its allergens, when
    /// some are left out; its labels, when some are asked), and what it has declared does not
    /// already rule it out: a dish the guest must ask about.
    public func asksUndeclared(_ offering: some MenuOffering) -> Bool {
        !rulesOut(offering)
            && ((!without.isEmpty && !offering.allergensDeclared)
                || (!labels.isEmpty && !offering.labelsDeclared))
    }

    /// The allergens that rule out a diet: a dish declared to contain one is not of it,
    /// whatever its labels say or leave unsaid.
    static let ruledOutBy: [DietaryLabel: Set<Allergen>] = [
        .vegan: [.milk, .eggs, .fish, .crustaceans, .molluscs],
        .vegetarian: [.fish, .crustaceans, .molluscs],
        .glutenFree: [.gluten],
    ]

    /// Whether what `offering` declares rules it out: an allergen left out, a label asked that
    /// its declared labels lack, or a diet asked that one of its declared allergens rules out.
    public func rulesOut(_ offering: some MenuOffering) -> Bool {
        if offering.allergensDeclared {
            if !without.isDisjoint(with: offering.allergens) { return true }
            let contained = Set(offering.allergens)
            if labels.contains(where: { !(Self.ruledOutBy[$0] ?? []).isDisjoint(with: contained) })
            {
                return true
            }
        }
        return offering.labelsDeclared && !labels.isSubset(of: offering.labels)
    }

    /// `menu` with only the items that suit.
    public func apply(to menu: Menu) -> Menu {
        Self.keeping(menu) { admits($0) }
    }

    /// `menu` with only the items the filter cannot tell about, as they have not declared
    /// what it asks: those a guest must ask about.
    public func undeclared(in menu: Menu) -> Menu {
        Self.keeping(menu) { asksUndeclared($0) }
    }

    /// `menu` with only the items `kept` takes, in each section.
    private static func keeping(_ menu: Menu, _ kept: (any MenuOffering) -> Bool) -> Menu {
        var filtered = menu
        filtered.pizzas = menu.pizzas.filter(kept)
        filtered.beverages = menu.beverages.filter(kept)
        filtered.desserts = menu.desserts.filter(kept)
        return filtered
    }
}
