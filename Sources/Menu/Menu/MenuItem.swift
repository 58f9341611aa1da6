import Foundation

/// What one row of the menu shows. The screens see menu items, never pizzas or desserts.
///
/// A row is also what the menu's JSON gives for it (`MenuListing`): a field added here and to
/// its coding keys reaches the API, `casebook menu --json` and the menu page.
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
        case title, price, formattedPrice, description, allergens, allergensDeclared, labels
        case labelsDeclared, soldOut
    }

    /// The price with two decimals and no symbol (`8.50`), and the description as `null` when
    /// there is none, so that every row has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(Currency.plainText(price), forKey: .price)
        try container.encode(formattedPrice, forKey: .formattedPrice)
        try container.encode(description, forKey: .description)
        // Where they are declared (`[]` for none); absent where nobody has said, as in a menu
        // from before. Whether they are declared is always said.
        if allergensDeclared { try container.encode(allergens, forKey: .allergens) }
        try container.encode(allergensDeclared, forKey: .allergensDeclared)
        if labelsDeclared { try container.encode(labels, forKey: .labels) }
        try container.encode(labelsDeclared, forKey: .labelsDeclared)
        if soldOut { try container.encode(true, forKey: .soldOut) }
    }
}
