import Foundation

/// What one row of the menu shows. The screens see menu items, never pizzas or desserts.
///
/// A row is also what the menu's JSON gives for it (`MenuListing`): its dish's members, as
/// `Dish` encodes them, and the row's own (a field added to the dish, and to its coding keys,
/// reaches the API, `casebook menu --json` and the menu page).
public struct MenuItem: Equatable, Sendable, Encodable {
    /// The dish the row shows.
    public let dish: Dish
    /// The price in the menu's currency, such as `€8.50`.
    public let formattedPrice: String
    /// Whether it is sold out: marked so, for the day the menu was served on
    /// (`Menu.served(onDay:)`), or until further notice.
    public let soldOut: Bool

    public var title: String { dish.name }
    public var price: Decimal { dish.price }
    public var description: String? { dish.description }
    /// The allergens it contains, in the EU's order.
    public var allergens: [Allergen] { dish.allergens.sorted() }
    /// Its dietary labels.
    public var labels: [DietaryLabel] { dish.labels.sorted() }
    /// Whether `allergens` is all it contains (none, when empty); else a guest must ask.
    public var allergensDeclared: Bool { dish.allergensDeclared }
    /// Whether `labels` is every label that suits it.
    public var labelsDeclared: Bool { dish.labelsDeclared }

    /// The row for `pizza`, priced in euros.
    public init(pizza: Pizza) {
        self.init(offering: pizza, currency: .euro)
    }

    /// The row for anything on the menu, priced in `currency`.
    public init(offering: some MenuOffering, currency: Currency) {
        self.init(dish: Dish(offering), currency: currency)
    }

    /// The row for `dish`, priced in `currency`.
    public init(dish: Dish, currency: Currency) {
        self.dish = dish
        formattedPrice = currency.format(dish.price)
        soldOut = dish.soldOut != nil
    }

    enum CodingKeys: CodingKey {
        case formattedPrice, soldOut
    }

    /// The dish's members as `Dish` encodes them, with the price as the menu's currency writes
    /// it and whether it is sold out (on the day served; absent when it is not).
    public func encode(to encoder: any Encoder) throws {
        try dish.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formattedPrice, forKey: .formattedPrice)
        if soldOut { try container.encode(true, forKey: .soldOut) }
    }
}
