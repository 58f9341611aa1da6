import Menu

/// The menu screen as terminal text: the restaurant, then each section's title and its rows, with
/// names in one column, prices right-aligned in the next and descriptions after them.
enum MenuText {
    static func render(_ menu: Menu) -> String {
        let sections = MenuListing(menu: menu).sections
        let items = sections.flatMap(\.items)
        let titleWidth = items.map(\.title.count).max() ?? 0
        let priceWidth = items.map(\.formattedPrice.count).max() ?? 0
        var text = menu.restaurant + "\n"
        for section in sections {
            text += "\n" + section.title + "\n"
            for item in section.items {
                let title = item.title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)
                let price =
                    String(repeating: " ", count: priceWidth - item.formattedPrice.count)
                    + item.formattedPrice
                let description = item.description.map { "  " + $0 } ?? ""
                text += "  \(title)  \(price)\(description)\n"
                // Labels and allergens on a line of their own: the allergens as declared, none
                // included, or said to be undeclared.
                let labels = item.row.labels.map(\.name)
                let allergens = item.row.allergens.map(\.name)
                let contains =
                    !item.row.allergensDeclared
                    ? "allergens not declared"
                    : allergens.isEmpty
                        ? "contains none of the 14 allergens"
                        : "contains " + allergens.joined(separator: ", ")
                let said = [labels.isEmpty ? nil : labels.joined(separator: ", "), contains]
                    .compactMap { $0 }.joined(separator: "; ")
                text += "    " + said + "\n"
            }
        }
        return text
    }
}
