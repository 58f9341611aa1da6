import Foundation

/// What one row of the menu shows. The screens see menu items, never pizzas or desserts.
public struct MenuItem: Equatable, Sendable {
    public let title: String
    public let price: Decimal
    /// The price in the menu's currency, such as `€8.50`.
    public let formattedPrice: String
    public let description: String?

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
    }
}
