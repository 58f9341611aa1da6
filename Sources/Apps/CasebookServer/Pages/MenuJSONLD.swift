import Foundation
import Menu

/// The restaurant as schema.org's `Restaurant` in JSON-LD, for search engines, with its menu
/// (`hasMenu`, a `Menu`): its sections, their items, each item's offer (price, currency and
/// availability) and the diets it suits (`suitableForDiet`, when its labels are declared). Written
/// for a `<script>` element: `<`, `>` and `&` as `\u` escapes, so no text of the menu can end
/// the element.
enum MenuJSONLD {
    static func script(_ listing: MenuListing) -> String {
        let sections: [[String: Any]] = listing.sections.map { section in
            [
                "@type": "MenuSection", "name": section.title,
                "hasMenuItem": section.items.map { item -> [String: Any] in
                    var menuItem: [String: Any] = [
                        "@type": "MenuItem", "name": item.title,
                        "offers": [
                            "@type": "Offer", "price": item.price,
                            "priceCurrency": listing.currency,
                            "availability": item.row.soldOut
                                ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
                        ],
                    ]
                    if let description = item.description { menuItem["description"] = description }
                    let diets = item.row.labels.compactMap(\.schemaOrgDiet)
                    if !diets.isEmpty { menuItem["suitableForDiet"] = diets }
                    return menuItem
                },
            ]
        }
        let menu: [String: Any] = [
            "@context": "https://schema.org", "@type": "Restaurant", "name": listing.restaurant,
            "hasMenu": [
                "@type": "Menu", "name": listing.restaurant, "inLanguage": "en",
                "hasMenuSection": sections,
            ] as [String: Any],
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: menu, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        var text = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
