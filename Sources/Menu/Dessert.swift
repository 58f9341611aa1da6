import Foundation

/// A dessert on the menu.
public struct Dessert: MenuOffering {
    public let name: String
    /// The exact price, in the menu's currency.
    public let price: Decimal
    /// What is in it, if the menu says.
    public let description: String?

    public init(name: String, price: Decimal = 0, description: String? = nil) {
        self.name = name
        self.price = price
        self.description = description
    }
}
