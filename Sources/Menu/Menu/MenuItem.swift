import Foundation

/// What one row of the menu shows. The screens see menu items, never pizzas or desserts.
///
/// A row is also what the menu's JSON gives for it (`MenuListing`): a field added here and to
/// its coding keys reaches the API, `casebook menu --json` and the menu page.
public struct MenuItem: Equatable, Sendable, Encodable {
    public let title: String
    public let price: Decimal
    /// The price in the menu's currency, such as `€8.50`.
    public let formattedPrice: String
    public let description: String?
    /// The allergens it contains, in the EU's order.
    public let allergens: [Allergen]
    /// Its dietary labels.
    public let labels: [DietaryLabel]
    /// Whether `allergens` is all it contains (none, when empty); else a guest must ask.
    public let allergensDeclared: Bool
    /// Whether `labels` is every label that suits it.
    public let labelsDeclared: Bool
    /// Whether it is sold out: marked so, for the day the menu was served on
    /// (`Menu.served(onDay:)`), or until further notice.
    public let soldOut: Bool

    /// The row for `pizza`, priced in euros.
    public init(pizza: Pizza) {
        self.init(offering: pizza, currency: .euro)
    }

    /// The row for anything on the menu, priced in `currency`.
    public init(offering: some MenuOffering, currency: Currency) {
        title = offering.name
        price = offering.price
        formattedPrice = currency.format(offering.price)
        description = offering.description
        allergens = offering.allergens
        labels = offering.labels
        allergensDeclared = offering.allergensDeclared
        labelsDeclared = offering.labelsDeclared
        soldOut = offering.soldOut != nil
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
