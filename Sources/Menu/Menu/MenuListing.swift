import Foundation

/// The menu screen as sections of rows, read once from `MenuDataSource`: what the JSON API and
/// `casebook menu --json` give, and what the terminal and web renderings lay out.
public struct MenuListing: Encodable, Equatable, Sendable {
    public struct Section: Encodable, Equatable, Sendable {
        public let title: String
        public let items: [Item]
    }

    /// One row of a section: the data source's `MenuItem`, written as its JSON.
    public struct Item: Encodable, Equatable, Sendable {
        /// The row as the menu's data source gives it.
        public let row: MenuItem

        public var title: String { row.title }
        /// The price with two decimals and no symbol: `8.50`.
        public var price: String { Currency.plainText(row.price) }
        /// The price as shown: `€8.50`.
        public var formattedPrice: String { row.formattedPrice }
        public var description: String? { row.description }

        public func encode(to encoder: any Encoder) throws { try row.encode(to: encoder) }
    }

    public let restaurant: String
    public let currency: String
    public let sections: [Section]
    /// The restaurant's address, phone, map link, time zone, cuisine and hours, when its menu
    /// says any.
    public let details: RestaurantDetails?
    /// The languages the menu is written in, the one this listing is in first.
    public let languages: [String]

    public init(menu: Menu) {
        let dataSource = MenuDataSource(menu: menu)
        restaurant = menu.restaurant
        currency = menu.currency.code
        details = menu.details.isEmpty ? nil : menu.details
        languages = menu.languages
        sections = (0..<dataSource.numberOfSections).map { section in
            Section(
                title: dataSource.title(forSection: section) ?? "",
                items: (0..<dataSource.numberOfRows(inSection: section)).compactMap { row in
                    dataSource.item(forRow: row, inSection: section).map(Item.init(row:))
                })
        }
    }

    /// Pretty-printed JSON with keys in a stable order.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
