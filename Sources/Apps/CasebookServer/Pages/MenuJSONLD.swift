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
                    if let photo = item.row.dish.photo {
                        menuItem["image"] = MenuPhotoPages.path(of: photo.id)
                    }
                    let diets = item.row.labels.compactMap(\.schemaOrgDiet)
                    if !diets.isEmpty { menuItem["suitableForDiet"] = diets }
                    return menuItem
                },
            ]
        }
        var menu: [String: Any] = [
            "@context": "https://schema.org", "@type": "Restaurant", "name": listing.restaurant,
            "hasMenu": [
                "@type": "Menu", "name": listing.restaurant,
                "inLanguage": listing.languages.first ?? "en",
                "hasMenuSection": sections,
            ] as [String: Any],
        ]
        if let details = listing.details { menu.merge(Self.restaurant(details)) { _, new in new } }
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

    /// What the menu says of the restaurant, in schema.org's terms: `address`, `telephone`,
    /// `hasMap`, `servesCuisine`, and `openingHoursSpecification` (each weekday's periods, and
    /// each day that differs, closed as opening and closing at 00:00).
    static func restaurant(_ details: RestaurantDetails) -> [String: Any] {
        var restaurant: [String: Any] = [:]
        if let address = details.address {
            restaurant["address"] = ["@type": "PostalAddress", "streetAddress": address]
        }
        if let phone = details.phone { restaurant["telephone"] = phone }
        if let map = details.mapLink { restaurant["hasMap"] = map }
        if let cuisine = details.cuisine { restaurant["servesCuisine"] = cuisine }
        var specifications: [[String: Any]] = []
        for weekday in Weekday.allCases {
            for period in details.hours.weekly[weekday] ?? [] {
                specifications.append([
                    "@type": "OpeningHoursSpecification", "dayOfWeek": weekday.schemaOrg,
                    "opens": OpeningPeriod.time(period.opens) + ":00",
                    "closes": OpeningPeriod.time(period.closes % 1440) + ":00",
                ])
            }
        }
        for day in details.hours.exceptions.keys.sorted() {
            let periods = details.hours.exceptions[day] ?? []
            for period in periods.isEmpty ? [OpeningPeriod(opens: 0, closes: 0)] : periods {
                specifications.append([
                    "@type": "OpeningHoursSpecification", "validFrom": day, "validThrough": day,
                    "opens": OpeningPeriod.time(period.opens) + ":00",
                    "closes": OpeningPeriod.time(period.closes % 1440) + ":00",
                ])
            }
        }
        if !specifications.isEmpty { restaurant["openingHoursSpecification"] = specifications }
        return restaurant
    }
}
