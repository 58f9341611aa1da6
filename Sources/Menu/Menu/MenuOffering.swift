import Foundation

/// Anything the menu offers: a name, an exact price and an optional description.
public protocol MenuOffering: Equatable, Sendable {
    var name: String { get }
    var price: Decimal { get }
    var description: String? { get }
    init(name: String, price: Decimal, description: String?)
    /// The allergens it contains, in the EU's order.
    var allergens: [Allergen] { get }
    /// Its dietary labels, in their order.
    var labels: [DietaryLabel] { get }
    /// Whether its allergens are declared: `allergens` is then all it contains (none, when it
    /// is empty); otherwise nobody has said, and a guest must ask.
    var allergensDeclared: Bool { get }
    /// Whether its labels are declared: `labels` is then every label that suits it.
    var labelsDeclared: Bool { get }
    /// Whether it is marked sold out, and until when.
    var soldOut: MenuSoldOut? { get }
    /// The same marked `mark` (nil: offered).
    func marked(_ mark: MenuSoldOut?) -> Self
    /// The same with its allergens and labels declared or not (naming some declares them).
    func declared(allergens: Bool, labels: Bool) -> Self
    /// The same with its allergens and dietary labels (a type that keeps none drops them).
    init(
        name: String, price: Decimal, description: String?, allergens: Set<Allergen>,
        labels: Set<DietaryLabel>)
}

extension MenuOffering {
    public init(
        name: String, price: Decimal, description: String?, allergens: Set<Allergen>,
        labels: Set<DietaryLabel>
    ) {
        self.init(name: name, price: price, description: description)
    }

    /// Whether it is marked sold out: never, unless the type keeps a mark.
    public var soldOut: MenuSoldOut? { nil }

    /// The same marked `mark` (a type that keeps no mark stays as it is).
    public func marked(_ mark: MenuSoldOut?) -> Self { self }

    /// The same declared or not (a type that keeps no declaration stays as it is).
    public func declared(allergens: Bool, labels: Bool) -> Self { self }

    /// The allergens it contains, in the EU's order: none, unless the type keeps them.
    public var allergens: [Allergen] { [] }
    /// Its dietary labels: none, unless the type keeps them.
    public var labels: [DietaryLabel] { [] }
    /// Whether its allergens are declared: when it names some, unless the type keeps it.
    public var allergensDeclared: Bool { !allergens.isEmpty }
    /// Whether its labels are declared: when it has some, unless the type keeps it.
    public var labelsDeclared: Bool { !labels.isEmpty }
}
