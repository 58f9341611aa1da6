import Foundation

/// Something on the menu, of one `Kind`: a `Dish` (a name, an exact price, an optional
/// description, its allergens and labels and whether they are declared, its sold-out mark).
/// `Pizza`, `Beverage` and `Dessert` are its kinds — three types that cannot be mixed up, with
/// one definition, and one value inside.
public struct Offering<Kind: OfferingKind>: MenuOffering, DishHolding {
    /// All the menu says of it.
    public private(set) var dish: Dish

    public var name: String { dish.name }
    /// The exact price, in the menu's currency.
    public var price: Decimal { dish.price }
    /// What is in it, if the menu says.
    public var description: String? { dish.description }
    /// The allergens it contains, in the EU's order.
    public var allergens: [Allergen] { dish.allergens.sorted() }
    /// Its dietary labels, in their order.
    public var labels: [DietaryLabel] { dish.labels.sorted() }
    /// Whether its allergens are declared (`allergens` is all it contains, none when empty),
    /// rather than unknown: a guest must ask about one that is not.
    public var allergensDeclared: Bool { dish.allergensDeclared }
    /// Whether its labels are declared (`labels` is every one that suits it).
    public var labelsDeclared: Bool { dish.labelsDeclared }
    /// Whether it is marked sold out, and until when.
    public var soldOut: MenuSoldOut? { dish.soldOut }

    /// `dish`, as this kind.
    public init(_ dish: Dish) {
        self.dish = dish
    }

    public init(name: String, price: Decimal = 0, description: String? = nil) {
        self.init(name: name, price: price, description: description, allergens: [], labels: [])
    }

    /// Naming some allergens or labels declares them; an empty set says nothing unless
    /// `declared(…)` says so.
    public init(
        name: String, price: Decimal = 0, description: String? = nil, allergens: Set<Allergen>,
        labels: Set<DietaryLabel>
    ) {
        self.init(
            Dish(
                name: name, price: price, description: description, allergens: allergens,
                labels: labels))
    }
}

extension Offering {
    /// The same dish marked `mark` (nil: offered).
    public func marked(_ mark: MenuSoldOut?) -> Offering {
        var marked = self
        marked.dish.soldOut = mark
        return marked
    }

    /// The same dish with its allergens and labels declared or not: `allergens: true` says
    /// that `allergens` is all it contains, none included.
    public func declared(allergens: Bool, labels: Bool) -> Offering {
        var declared = self
        declared.dish.allergensDeclared = allergens || !dish.allergens.isEmpty
        declared.dish.labelsDeclared = labels || !dish.labels.isEmpty
        return declared
    }

    /// The same dish with `photo` (nil: none).
    func photographed(_ photo: DishPhoto?) -> Offering {
        var photographed = self
        photographed.dish.photo = photo
        return photographed
    }

    /// The same dish at `price`, all else kept.
    func priced(_ price: Decimal) -> Offering {
        var priced = self
        priced.dish.price = price
        return priced
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
