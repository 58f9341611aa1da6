import Foundation
import Menu

/// The menu screen as terminal text: the restaurant, then each section's title and its rows, with
/// names in one column, prices right-aligned in the next and descriptions after them.
enum MenuText {
    static func render(_ menu: Menu, at now: Date = Date()) -> String {
        let sections = MenuListing(menu: menu).sections
        let items = sections.flatMap(\.items)
        let titleWidth = items.map(\.title.count).max() ?? 0
        let priceWidth = items.map(\.formattedPrice.count).max() ?? 0
        var text = menu.restaurant + "\n" + details(menu.details, at: now)
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

    /// The restaurant itself, under its name, when its menu says: where it is and how to call
    /// it, whether it is open now (in its time zone), and its week's hours.
    static func details(_ details: RestaurantDetails, at now: Date) -> String {
        var lines: [String] = []
        let contact = [details.address, details.phone, details.mapLink].compactMap { $0 }
        if !contact.isEmpty { lines.append(contact.joined(separator: " · ")) }
        if let cuisine = details.cuisine { lines.append(cuisine) }
        if let status = details.status(at: now) {
            lines.append(status.text + (details.timeZone.map { " (\($0) time)" } ?? ""))
            let week = Weekday.allCases.compactMap { weekday in
                details.hours.weekly[weekday].map {
                    "\(weekday.name) " + MenuFileWriter.hoursText($0)
                }
            }
            if !week.isEmpty { lines.append("Hours: " + week.joined(separator: "; ")) }
            let days = details.hours.exceptions.keys.sorted().map {
                "\($0) " + MenuFileWriter.hoursText(details.hours.exceptions[$0]!)
            }
            if !days.isEmpty { lines.append("Days that differ: " + days.joined(separator: "; ")) }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
