/// One thing a revision of the menu changed of the one before, in words
/// (`Margherita: 8.50 → 7.90`), and the dish it is about, if one: what a history page lists,
/// and a dish's history picks by name.
public struct MenuChange: Equatable, Sendable {
    /// The dish's name (its new one, when renamed); nil for the menu as a whole.
    public let dish: String?
    public let text: String

    public init(dish: String?, text: String) {
        self.dish = dish
        self.text = text
    }

    /// What `new` changed of `old`: the restaurant, its currency and the sections' order, then
    /// each section's dishes (matched by name, or by place when renamed there). With no `old`
    /// (the first revision), each dish put on the menu.
    public static func list(from old: Menu?, to new: Menu) -> [MenuChange] {
        guard let old else {
            return new.places.compactMap { place in
                new.details(at: place).map {
                    MenuChange(
                        dish: $0.name,
                        text: "\($0.name): on the menu at \(Currency.plainText($0.price))")
                }
            }
        }
        var changes: [MenuChange] = []
        if old.restaurant != new.restaurant {
            changes.append(
                MenuChange(dish: nil, text: "Restaurant: \(old.restaurant) → \(new.restaurant)"))
        }
        if old.details != new.details {
            changes.append(
                MenuChange(dish: nil, text: "The restaurant's address, phone or hours changed"))
        }
        if old.currency.code == new.currency.code, old.currency.locale != new.currency.locale {
            let written = { (locale: String?) in locale.map { "as in \($0)" } ?? "as by default" }
            changes.append(
                MenuChange(
                    dish: nil,
                    text: "Currency: \(new.currency.code), written \(written(old.currency.locale))"
                        + " → \(written(new.currency.locale))"))
        } else if old.currency != new.currency {
            let written =
                switch (old.currency.locale, new.currency.locale) {
                case (nil, nil): ""
                case (nil, let locale?): ", written as in \(locale)"
                case (let before?, let after) where before == after: ", written as in \(before)"
                case (let before?, let after):
                    ", written as in \(before) → \(after.map { "as in \($0)" } ?? "as by default")"
                }
            changes.append(
                MenuChange(
                    dish: nil,
                    text: "Currency: \(old.currency.code) → \(new.currency.code)\(written)"
                ))
        }
        if old.sectionOrder != new.sectionOrder {
            changes.append(
                MenuChange(
                    dish: nil,
                    text: "Sections: " + new.sectionOrder.map(\.title).joined(separator: ", ")))
        }
        for section in new.sectionOrder {
            changes += Self.list(from: old.dishes(in: section), to: new.dishes(in: section))
            let kept = Set(new.dishes(in: section).map(\.name))
            let before = old.dishes(in: section).map(\.name).filter(kept.contains)
            let after = new.dishes(in: section).map(\.name).filter(Set(before).contains)
            if before != after {
                changes.append(
                    MenuChange(dish: nil, text: "\(section.title): put in another order"))
            }
        }
        return changes
    }

    /// What `new` changed of the dishes `old` of one section.
    private static func list(from old: [MenuDish], to new: [MenuDish]) -> [MenuChange] {
        let newNames = Set(new.map(\.name))
        var changes: [MenuChange] = []
        var renamed: Set<String> = []
        let oldByName = Dictionary(
            old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, dish) in new.enumerated() {
            if let before = oldByName[dish.name] {
                let words = differences(from: before, to: dish)
                if !words.isEmpty {
                    changes.append(
                        MenuChange(
                            dish: dish.name,
                            text: "\(dish.name): " + words.joined(separator: ", ")))
                }
            } else if old.indices.contains(index), !newNames.contains(old[index].name) {
                let before = old[index]
                renamed.insert(before.name)
                let words = ["renamed \(dish.name)"] + differences(from: before, to: dish)
                changes.append(
                    MenuChange(
                        dish: dish.name, text: "\(before.name): " + words.joined(separator: ", ")))
            } else {
                changes.append(
                    MenuChange(
                        dish: dish.name,
                        text: "\(dish.name): added at \(Currency.plainText(dish.price))"))
            }
        }
        for dish in old where !newNames.contains(dish.name) && !renamed.contains(dish.name) {
            changes.append(MenuChange(dish: dish.name, text: "\(dish.name): removed"))
        }
        return changes
    }

    /// What changed of a dish, word by word, leaving its name out.
    private static func differences(from old: MenuDish, to new: MenuDish) -> [String] {
        var words: [String] = []
        if old.price != new.price {
            words.append("\(Currency.plainText(old.price)) → \(Currency.plainText(new.price))")
        }
        if old.soldOut != new.soldOut {
            switch new.soldOut {
            case .on(let day)?: words.append("sold out on \(day)")
            case .untilFurtherNotice?: words.append("sold out until further notice")
            case nil: words.append("offered again")
            }
        }
        if old.description != new.description { words.append("description changed") }
        func list<Word: RawRepresentable & Comparable>(_ words: Set<Word>) -> String
        where Word.RawValue == String {
            words.isEmpty ? "none" : words.sorted().map(\.rawValue).joined(separator: ", ")
        }
        if old.allergens != new.allergens {
            words.append("allergens \(list(old.allergens)) → \(list(new.allergens))")
        }
        if old.allergensDeclared != new.allergensDeclared {
            words.append(
                new.allergensDeclared ? "allergens declared" : "allergens no longer declared")
        }
        if old.labels != new.labels {
            words.append("labels \(list(old.labels)) → \(list(new.labels))")
        }
        if old.labelsDeclared != new.labelsDeclared {
            words.append(new.labelsDeclared ? "labels declared" : "labels no longer declared")
        }
        return words
    }
}
