import Foundation

/// Something on the menu, of one `Kind`: a name, an exact price and an optional description.
/// `Pizza`, `Beverage` and `Dessert` are its kinds — three types that cannot be mixed up, with
/// one definition.
public struct Offering<Kind: OfferingKind>: MenuOffering {
    public let name: String
    /// The exact price, in the menu's currency.
    public let price: Decimal
    /// What is in it, if the menu says.
    public let description: String?
    /// The allergens it contains, in the EU's order.
    public let allergens: [Allergen]
    /// Its dietary labels, in their order.
    public let labels: [DietaryLabel]
    /// Whether its allergens are declared (`allergens` is all it contains, none when empty),
    /// rather than unknown: a guest must ask about one that is not.
    public private(set) var allergensDeclared: Bool
    /// Whether its labels are declared (`labels` is every one that suits it).
    public private(set) var labelsDeclared: Bool
    /// Whether it is marked sold out, and until when.
    public private(set) var soldOut: MenuSoldOut?

    public init(name: String, price: Decimal = 0, description: String? = nil) {
        self.init(name: name, price: price, description: description, allergens: [], labels: [])
    }

    public init(
        name: String, price: Decimal = 0, description: String? = nil, allergens: Set<Allergen>,
        labels: Set<DietaryLabel>
    ) {
        self.name = name
        self.price = price
        self.description = description
        self.allergens = allergens.sorted()
        self.labels = labels.sorted()
        // Naming some declares them; an empty set says nothing unless `declared(…)` says so.
        allergensDeclared = !allergens.isEmpty
        labelsDeclared = !labels.isEmpty
    }
}

extension Offering {
    /// The same dish marked `mark` (nil: offered).
    public func marked(_ mark: MenuSoldOut?) -> Offering {
        var marked = self
        marked.soldOut = mark
        return marked
    }

    /// The same dish with its allergens and labels declared or not: `allergens: true` says
    /// that `allergens` is all it contains, none included.
    public func declared(allergens: Bool, labels: Bool) -> Offering {
        var declared = self
        declared.allergensDeclared = allergens || !self.allergens.isEmpty
        declared.labelsDeclared = labels || !self.labels.isEmpty
        return declared
    }
}

/// What an `Offering` is: a pizza, a beverage or a dessert.
public protocol OfferingKind: Sendable {}

/// The kind of a pizza.
public enum PizzaKind: OfferingKind {}
/// The kind of a beverage.
public enum BeverageKind: OfferingKind {}
/// The kind of a dessert.
public enum DessertKind: OfferingKind {}

/// A pizza on the menu.
public typealias Pizza = Offering<PizzaKind>
/// A drink on the menu.
public typealias Beverage = Offering<BeverageKind>
/// A dessert on the menu.
public typealias Dessert = Offering<DessertKind>
