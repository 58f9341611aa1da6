import CasebookFileSystem
import CasebookYAML
import Foundation
import Yams

/// Reads a menu file strictly: every problem is an error naming its place and field, so a menu is
/// never half-loaded.
struct MenuFileParser {
    let file: String

    func menu(fromYAML marked: String) throws(MenuFileError) -> Menu {
        let yaml = YAMLReader.withoutByteOrderMark(marked)
        do {
            try YAMLReader.check(yaml)
        } catch {
            throw MenuFileError(
                file: file, line: error.line, column: error.column, problem: error.problem)
        }
        guard let root = try compose(yaml) else {
            throw MenuFileError(file: file, problem: "the file is empty")
        }
        guard case .mapping(let mapping) = root else {
            throw error(
                at: root, nil,
                "the menu must be a mapping with currency, pizzas, beverages and desserts")
        }
        var menu = Menu(
            restaurant: "Menu", currency: .euro, pizzas: [], beverages: [], desserts: [])
        var currency: Currency?
        var locale: String?
        var dishes = 0
        // Read first: the dishes' translations must each be into one of them.
        if let (_, value) = mapping.first(where: { $0.key.scalar?.string == "languages" }) {
            menu.languages = try languages(value)
        }
        for (key, value) in mapping {
            let name = key.scalar?.string ?? ""
            switch name {
            case "languages": break
            case "restaurant": menu.restaurant = try text(value, field: "restaurant")
            case "currency": currency = try self.currency(value)
            case "locale": locale = try self.locale(value)
            case "section_order": menu.sectionOrder = try sectionOrder(value)
            case "address":
                menu.details.address = try detail(value, field: name)
            case "phone":
                menu.details.phone = try detail(
                    value, field: name, checked: RestaurantDetails.phoneProblem)
            case "map":
                menu.details.mapLink = try detail(
                    value, field: name, longest: RestaurantDetails.longestLink,
                    checked: RestaurantDetails.mapLinkProblem)
            case "time_zone":
                menu.details.timeZone = try detail(
                    value, field: name, checked: RestaurantDetails.timeZoneProblem)
            case "cuisine":
                menu.details.cuisine = try detail(value, field: name)
            case "hours":
                menu.details.hours.weekly = try weeklyHours(value)
            case "exceptions":
                menu.details.hours.exceptions = try exceptions(value)
            case MenuSection.pizzas.rawValue:
                menu.pizzas = try items(
                    value, section: name, languages: menu.languages, counted: &dishes)
            case MenuSection.beverages.rawValue:
                menu.beverages = try items(
                    value, section: name, languages: menu.languages, counted: &dishes)
            case MenuSection.desserts.rawValue:
                menu.desserts = try items(
                    value, section: name, languages: menu.languages, counted: &dishes)
            default:
                throw error(
                    at: key, name,
                    "unknown section (expected pizzas, beverages or desserts, or the restaurant's"
                        + " address, phone, map, time_zone, cuisine, hours or exceptions, or"
                        + " the menu's languages)")
            }
        }
        guard let currency else {
            throw MenuFileError(
                file: file, field: "currency", problem: "missing (for example currency: EUR)")
        }
        menu.currency = Currency(code: currency.code, locale: locale)
        return menu
    }

    /// One line of the restaurant's details, not empty.
    /// One line of the restaurant's details, not empty, at most `longest` characters, and
    /// refused with what `checked` finds wrong in it.
    private func detail(
        _ node: Node, field: String, longest: Int = RestaurantDetails.longestText,
        checked: (String) -> String? = { _ in nil }
    ) throws(MenuFileError) -> String {
        let value = try text(node, field: field)
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw error(at: node, field, "is empty (leave it out instead)")
        }
        if let problem = RestaurantDetails.lineProblem(value, longest: longest) ?? checked(value) {
            throw error(at: node, field, problem)
        }
        return value
    }

    /// Each weekday's periods: `tuesday: 12:00-14:30, 18:30-22:30`, `monday: closed`.
    private func weeklyHours(_ node: Node) throws(MenuFileError) -> [Weekday: [OpeningPeriod]] {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "hours", "expected a mapping of weekdays (monday: 12:00-22:00)")
        }
        var weekly: [Weekday: [OpeningPeriod]] = [:]
        for (key, value) in mapping {
            let name = key.scalar?.string ?? ""
            guard let weekday = Weekday(rawValue: name) else {
                throw error(at: key, "hours.\(name)", "is not a weekday (monday to sunday)")
            }
            weekly[weekday] = try periods(value, field: "hours.\(name)")
        }
        return weekly
    }

    /// The days that differ from their weekday: `2026-12-25: closed`.
    private func exceptions(_ node: Node) throws(MenuFileError) -> [String: [OpeningPeriod]] {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "exceptions", "expected a mapping of days (2026-12-25: closed)")
        }
        guard mapping.count <= OpeningHours.mostExceptions else {
            throw error(
                at: node, "exceptions", "holds at most \(OpeningHours.mostExceptions) days")
        }
        var exceptions: [String: [OpeningPeriod]] = [:]
        for (key, value) in mapping {
            let day = key.scalar?.string ?? ""
            if let problem = RestaurantDetails.dayProblem(day) {
                throw error(at: key, "exceptions", problem)
            }
            exceptions[day] = try periods(value, field: "exceptions.\(day)")
        }
        return exceptions
    }

    private func periods(_ node: Node, field: String) throws(MenuFileError) -> [OpeningPeriod] {
        let written = try text(node, field: field)
        do {
            return try OpeningPeriod.periods(in: written)
        } catch {
            throw self.error(at: node, field, error.description)
        }
    }

    private func compose(_ yaml: String) throws(MenuFileError) -> Node? {
        do {
            return try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            switch error {
            case .scanner(let context, let problem, let mark, _),
                .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                let text = [context?.text, problem].compactMap { $0 }.joined(separator: " ")
                throw MenuFileError(file: file, line: mark.line, column: mark.column, problem: text)
            case .duplicatedKeysInMapping(let duplicates, let context):
                throw MenuFileError(
                    file: file, line: context.mark.line, column: context.mark.column,
                    field: duplicates.joined(separator: ", "), problem: "appears twice")
            default:
                throw MenuFileError(file: file, problem: "\(error)")
            }
        } catch {
            throw MenuFileError(file: file, problem: "\(error)")
        }
    }

    /// A locale ICU knows (`it_IT`, `de_CH`), whose way of writing prices the menu shows.
    private func locale(_ node: Node) throws(MenuFileError) -> String {
        let identifier = try text(node, field: "locale")
        do {
            try Currency.check(locale: identifier)
        } catch {
            throw self.error(at: node, error.field, error.problem)
        }
        return identifier
    }

    private func currency(_ node: Node) throws(MenuFileError) -> Currency {
        let code = try text(node, field: "currency")
        do {
            try Currency.check(code: code)
        } catch {
            throw self.error(at: node, error.field, error.problem)
        }
        return Currency(code: code)
    }

    /// The order the sections are shown in: each once (`[desserts, pizzas, beverages]`).
    /// `languages: [en, it]`: the menu's own language first, then those its dishes are
    /// translated into, each once, at most `MenuLanguage.mostLanguages`.
    private func languages(_ node: Node) throws(MenuFileError) -> [String] {
        let field = "languages"
        guard case .sequence(let sequence) = node, !sequence.isEmpty else {
            throw error(at: node, field, "expected a list of language tags, as [en, it]")
        }
        guard sequence.count <= MenuLanguage.mostLanguages else {
            throw error(
                at: node, field, "a menu has at most \(MenuLanguage.mostLanguages) languages")
        }
        var tags: [String] = []
        for element in sequence {
            let tag = try text(element, field: field)
            guard MenuLanguage.isValid(tag) else {
                throw error(
                    at: element, field,
                    "'\(tag)' is not a language tag (two or three lowercase letters, as en or it,"
                        + " and a region if needed, as pt-BR)")
            }
            guard !tags.contains(tag) else {
                throw error(at: element, field, "'\(tag)' is listed twice")
            }
            tags.append(tag)
        }
        return tags
    }

    /// A dish's `translations`: for each of the menu's other languages, its `name` and
    /// `description` in it, either left out to show the menu's own.
    private func translations(_ node: Node, field: String, languages: [String])
        throws(MenuFileError) -> [String: DishTranslation]
    {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, field, "expected a mapping of languages, as it: {name: …}")
        }
        var translations: [String: DishTranslation] = [:]
        for (key, value) in mapping {
            let tag = key.scalar?.string ?? ""
            let place = "\(field).\(tag)"
            guard languages.dropFirst().contains(tag) else {
                throw error(
                    at: key, place,
                    languages.count < 2
                        ? "the menu has no other language: add languages: [en, \(tag)] to the file"
                        : "not one of the menu's other languages ("
                            + languages.dropFirst().joined(separator: ", ") + ")")
            }
            guard case .mapping(let fields) = value else {
                throw error(at: value, place, "expected name and description")
            }
            var translation = DishTranslation()
            for (fieldKey, text) in fields {
                switch fieldKey.scalar?.string {
                case "name":
                    let name = try self.text(text, field: "\(place).name")
                    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                        throw error(at: text, "\(place).name", "the name is empty")
                    }
                    translation.name = name
                case "description":
                    translation.description = try self.text(text, field: "\(place).description")
                default:
                    throw error(
                        at: fieldKey, "\(place).\(fieldKey.scalar?.string ?? "?")",
                        "unknown field (expected name or description)")
                }
            }
            translations[tag] = translation
        }
        return translations
    }

    private func sectionOrder(_ node: Node) throws(MenuFileError) -> [MenuSection] {
        let field = "section_order"
        let sections = try words(
            of: MenuSection.self, node, field: field, example: "[pizzas, beverages, desserts]"
        ) { "'\($0)' is not a section (pizzas, beverages or desserts)" }
        guard sections.count == MenuSection.allCases.count else {
            throw error(
                at: node, field, "lists every section once (pizzas, beverages and desserts)")
        }
        return sections
    }

    /// The items of a section, each counted in `counted` (the dishes of the sections before):
    /// a menu holds at most `Menu.mostDishes`, as many as a form arranges, so that every
    /// menu a file brings can be edited in the browser.
    private func items<Kind>(
        _ node: Node, section: String, languages: [String], counted: inout Int
    ) throws(MenuFileError) -> [Offering<Kind>] {
        if case .scalar(let scalar) = node, scalar.string.isEmpty || node.null != nil { return [] }
        guard case .sequence(let sequence) = node else {
            throw error(at: node, section, "expected a list of items")
        }
        var items: [Offering<Kind>] = []
        var seen: Set<String> = []
        for (index, element) in sequence.enumerated() {
            let field = "\(section)[\(index + 1)]"
            counted += 1
            guard counted <= Menu.mostDishes else {
                throw error(
                    at: element, field,
                    "a menu holds at most \(Menu.mostDishes) dishes, and this is dish \(counted)")
            }
            let item: Offering<Kind> = try self.item(element, field: field, languages: languages)
            guard seen.insert(item.name.lowercased()).inserted else {
                throw error(at: element, field, "duplicate item '\(item.name)'")
            }
            items.append(item)
        }
        return items
    }

    private func item<Kind>(_ node: Node, field: String, languages: [String])
        throws(MenuFileError) -> Offering<Kind>
    {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, field, "expected an item with a name and a price")
        }
        var name: String?
        var price: Decimal?
        var description: String?
        var allergens: Set<Allergen> = []
        var labels: Set<DietaryLabel> = []
        // A dish declares its allergens (and labels) by listing them, `[]` for none; one
        // without the field has not declared them, as every file from before had not.
        var allergensDeclared = false
        var labelsDeclared = false
        var soldOut: MenuSoldOut?
        var photo: String?
        var photoAlt: String?
        var translations: [String: DishTranslation] = [:]
        for (key, value) in mapping {
            let key = key
            switch key.scalar?.string {
            case "name":
                name = try text(value, field: "\(field).name") {
                    $0.trimmingCharacters(in: .whitespaces).isEmpty ? "the name is empty" : nil
                }
            case "price": price = try self.price(value, field: "\(field).price")
            case "description": description = try text(value, field: "\(field).description")
            case "allergens":
                allergensDeclared = true
                allergens = try Set(
                    words(of: Allergen.self, value, field: "\(field).allergens") {
                        "'\($0)' is not one of the EU's 14 allergens ("
                            + Allergen.allCases.map(\.rawValue).joined(separator: ", ") + ")"
                    })
            case "labels":
                labelsDeclared = true
                labels = try Set(
                    words(of: DietaryLabel.self, value, field: "\(field).labels") {
                        "'\($0)' is not a label (vegetarian, vegan, spicy or gluten-free)"
                    })
            case "sold_out":
                let text = try text(value, field: "\(field).sold_out") {
                    MenuSoldOut(fileText: $0) == nil
                        ? "'\($0)' is neither true nor a day (YYYY-MM-DD)" : nil
                }
                soldOut = MenuSoldOut(fileText: text)
            case "photo":
                photo = try text(value, field: "\(field).photo") {
                    DishPhoto.isValidID($0)
                        ? nil : "'\($0)' is not a photo's id (64 lowercase hex digits)"
                }
            case "photo_alt":
                photoAlt = try text(value, field: "\(field).photo_alt") {
                    RestaurantDetails.lineProblem($0, longest: DishPhoto.longestAlt)
                        ?? ($0.trimmingCharacters(in: .whitespaces).isEmpty ? "is empty" : nil)
                }
            case "translations":
                translations = try self.translations(
                    value, field: "\(field).translations", languages: languages)
            default:
                let keyName = key.scalar?.string ?? "?"
                throw error(
                    at: key, "\(field).\(keyName)",
                    "unknown field (expected name, price, description, allergens, labels,"
                        + " sold_out, photo, photo_alt or translations)"
                )
            }
        }
        guard let name else { throw error(at: node, field, "missing name") }
        guard let price else { throw error(at: node, field, "missing price") }
        if let contradiction = MenuDish.contradiction(allergens: allergens, labels: labels) {
            throw error(at: node, "\(field).labels", contradiction)
        }
        if (photo == nil) != (photoAlt == nil) {
            throw error(
                at: node, "\(field).\(photo == nil ? "photo" : "photo_alt")",
                "missing: a photo comes with photo_alt, the words a guest who cannot see it is read"
            )
        }
        var dish = Offering<Kind>(
            name: name, price: price, description: description, allergens: allergens,
            labels: labels
        ).marked(soldOut).declared(allergens: allergensDeclared, labels: labelsDeclared)
            .photographed(photo.map { DishPhoto(id: $0, alt: photoAlt ?? "") }).dish
        dish.translations = translations
        return Offering<Kind>(dish)
    }

    /// A list of words, each the raw value of a `Word` and each once (`[gluten, milk]`, or one
    /// a line), in their order; `refusal` says why a word that is none is refused.
    private func words<Word: RawRepresentable & Hashable>(
        of _: Word.Type, _ node: Node, field: String, example: String = "[gluten, milk]",
        refusal: (String) -> String
    ) throws(MenuFileError) -> [Word] where Word.RawValue == String {
        guard case .sequence(let sequence) = node else {
            throw error(at: node, field, "expected a list, as \(example)")
        }
        var words: [Word] = []
        for element in sequence {
            let text = try self.text(element, field: field)
            guard let word = Word(rawValue: text) else {
                throw error(at: element, field, refusal(text))
            }
            guard !words.contains(word) else {
                throw error(at: element, field, "'\(text)' appears twice")
            }
            words.append(word)
        }
        return words
    }

    private func price(_ node: Node, field: String) throws(MenuFileError) -> Decimal {
        let text = try self.text(node, field: field)
        do {
            return try MenuPrice.read(text)
        } catch {
            throw self.error(at: node, field, "\(error)")
        }
    }

    private func text(_ node: Node, field: String) throws(MenuFileError) -> String {
        guard case .scalar(let scalar) = node else {
            throw error(at: node, field, "expected text, not a list or mapping")
        }
        // One line of characters that show: a control character would reach a terminal as a
        // command to it.
        if let control = TextBytes.firstControlCharacter(in: scalar.string) {
            throw error(
                at: node, field,
                "holds a control character (\(TextBytes.codePoint(control))), which a menu's"
                    + " text may not hold")
        }
        return scalar.string
    }

    /// The text at `node`, refused with the problem `check` finds in it, if any.
    private func text(
        _ node: Node, field: String, checked check: (String) -> String?
    ) throws(MenuFileError) -> String {
        let text = try text(node, field: field)
        if let problem = check(text) { throw error(at: node, field, problem) }
        return text
    }

    private func error(at node: Node, _ field: String?, _ problem: String) -> MenuFileError {
        MenuFileError(
            file: file, line: node.mark?.line, column: node.mark?.column, field: field,
            problem: problem)
    }
}
