import Foundation

/// The menu screen as sections of rows, read once from `MenuDataSource`: what the JSON API and
/// `casebook menu --json` give, and what the terminal and web renderings lay out.
public struct MenuListing: Encodable, Equatable, Sendable {
    public struct Section: Encodable, Equatable, Sendable {
        public let title: String
        public let items: [Item]
    }

    public struct Item: Encodable, Equatable, Sendable {
        public let title: String
        /// The price with two decimals and no symbol: `8.50`.
        public let price: String
        /// The price as shown: `€8.50`.
        public let formattedPrice: String
        public let description: String?

        enum CodingKeys: CodingKey { case title, price, formattedPrice, description }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(price, forKey: .price)
            try container.encode(formattedPrice, forKey: .formattedPrice)
            try container.encode(description, forKey: .description)
        }
    }

    public let restaurant: String
    public let currency: String
    public let sections: [Section]

    public init(menu: Menu) {
        let dataSource = MenuDataSource(menu: menu)
        restaurant = menu.restaurant
        currency = menu.currency.code
        sections = (0..<dataSource.numberOfSections).map { section in
            Section(
                title: dataSource.title(forSection: section) ?? "",
                items: (0..<dataSource.numberOfRows(inSection: section)).compactMap { row in
                    dataSource.item(forRow: row, inSection: section).map {
                        Item(
                            title: $0.title, price: Currency.plainText($0.price),
                            formattedPrice: $0.formattedPrice, description: $0.description)
                    }
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
