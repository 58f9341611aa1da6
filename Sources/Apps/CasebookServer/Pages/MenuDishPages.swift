import Foundation
import Hummingbird
import Menu

/// `/menu/dish`: one dish's form — all a menu file says of it (name, price, description,
/// allergens, labels, sold out) — to change it in its place or add one last in a section,
/// saved as the next revision from the one the form was opened at (the conflict page when
/// someone saved after). What cannot be is the form again, naming the field and the value.
/// For managers and admins.
struct MenuDishPages: Sendable {
    let renderer: PageRenderer
    let menu: MenuService

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/menu/dish", use: show)
        router.post("/menu/dish", use: save)
    }

    /// The dish form's fields that may be repeated, a box each: `allergen` and `label`.
    static let repeatable: Set<String> = ["allergen", "label"]

    /// `GET /menu/dish?section=pizzas[&index=0]`: the dish at that place, or a new one.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let query = try FormFields(query: request)
        let current = try await menu.current()
        let (section, index) = try Self.place(query, in: current.menu)
        let dish =
            index.flatMap { current.menu.details(at: MenuPlace(section: section, index: $0)) }
            ?? MenuDish(name: "", price: 0)
        let context = Self.form(
            dish, price: index == nil ? "" : Currency.plainText(dish.price), section: section,
            index: index, revision: current.number, currency: current.menu.currency.code,
            languages: current.menu.languages)
        var shown = context
        // After a photo's form: what it did.
        if let saved = query["saved"] {
            shown["saved"] =
                saved == "none"
                ? "Nothing changed: revision \(current.number) stays."
                : Int(saved).map { "Saved as revision \($0)." } ?? false
        }
        return renderer.page(
            "menu-dish", title: index == nil ? "A new dish in \(section.title)" : dish.name,
            context: shown, request: request)
    }

    /// `POST /menu/dish` (`revision`, `section`, `index` unless new, `name`, `price`,
    /// `description`, `allergen` and `label` for each one checked, `allergens_declared` and
    /// `labels_declared` (`yes`: those checked are all there are), `soldout`).
    @Sendable func save(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request, repeatable: Self.repeatable)
        let (base, opened) = try await MenuEditPages.openedRevision(form, in: menu.store)
        let (section, index) = try Self.place(form, in: opened.menu)
        var problems: [String] = []
        let priceText = (form["price"] ?? "").trimmingCharacters(in: .whitespaces)
        let was = index.flatMap { opened.menu.details(at: MenuPlace(section: section, index: $0)) }
        let description = MenuEditPages.edited(form["description"] ?? "", was: was?.description)
        // The dish as it was, with what the form edits in place: what the form does not
        // show is kept.
        var dish = was ?? Dish(name: "", price: 0)
        dish.name = MenuEditPages.edited(form["name"] ?? "", was: was?.name)
        dish.description = description.isEmpty ? nil : description
        dish.allergens = []
        dish.labels = []
        do {
            dish.price = try MenuPrice.read(priceText)
        } catch {
            problems.append("price: \(error).")
        }
        for value in form.values("allergen") {
            if let allergen = Allergen(rawValue: value) {
                dish.allergens.insert(allergen)
            } else {
                problems.append(
                    "allergen: '\(value)' is not one of the EU's 14 allergens ("
                        + Allergen.allCases.map(\.rawValue).joined(separator: ", ") + ").")
            }
        }
        for value in form.values("label") {
            if let label = DietaryLabel(rawValue: value) {
                dish.labels.insert(label)
            } else {
                problems.append(
                    "label: '\(value)' is not a label (vegetarian, vegan, spicy or gluten-free).")
            }
        }
        // Declared when the manager says so (none checked then means none). Some checked
        // without Declared would read as the whole list: refused, as a guest would trust it.
        dish.allergensDeclared = form["allergens_declared"] == "yes"
        dish.labelsDeclared = form["labels_declared"] == "yes"
        if !dish.allergens.isEmpty, !dish.allergensDeclared {
            problems.append(
                "allergens_declared: tick Declared when the allergens checked are all it contains; if they are not all known, check none, and guests are told to ask."
            )
        }
        if !dish.labels.isEmpty, !dish.labelsDeclared {
            problems.append(
                "labels_declared: tick Declared when the labels checked are all that suit it; if they are not known, check none."
            )
        }
        // Its name and description in the menu's other languages; one left empty shows the
        // menu's own.
        for language in opened.menu.languages.dropFirst() {
            let name = (form["name_\(language)"] ?? "").trimmingCharacters(in: .whitespaces)
            let description = (form["description_\(language)"] ?? "")
                .trimmingCharacters(in: .whitespaces)
            let translation = DishTranslation(
                name: name.isEmpty ? nil : name,
                description: description.isEmpty ? nil : description)
            dish.translations[language] = translation == DishTranslation() ? nil : translation
        }
        let choice = form["soldout"] ?? ""
        if let mark = MenuEditPages.mark(choice) {
            dish.soldOut = mark
        } else {
            problems.append("soldout: '\(choice)' is today, always or nothing.")
        }
        var changed = opened.menu
        if problems.isEmpty {
            do {
                changed =
                    if let index {
                        try opened.menu.replacing(
                            at: MenuPlace(section: section, index: index), with: dish)
                    } else {
                        try opened.menu.adding(dish, to: section)
                    }
            } catch {
                problems.append("\(error).")
            }
        }
        guard problems.isEmpty else {
            var context = Self.form(
                dish, price: priceText, section: section, index: index, revision: base,
                currency: opened.menu.currency.code, languages: opened.menu.languages)
            context["problems"] = problems.map { ["problem": $0] }
            return renderer.page(
                "menu-dish",
                title: index == nil ? "A new dish in \(section.title)" : "Change a dish",
                context: context, request: request, status: .badRequest)
        }
        let note = index == nil ? "added \(dish.name)" : "changed \(dish.name)"
        return try await MenuEditPages.save(
            changed, from: opened.menu, basedOn: base, note: note, store: menu,
            renderer: renderer, request: request)
    }

    /// The section and place (nil: a new dish) `fields` name, in `menu`: a 400 for a section
    /// that is none, a 404 for a dish the menu does not have.
    static func place(_ fields: FormFields, in menu: Menu) throws -> (MenuSection, Int?) {
        guard let name = fields["section"], let section = MenuSection(rawValue: name) else {
            throw RequestError(.badRequest, "The section is pizzas, beverages or desserts.")
                .parameter("section")
        }
        guard let index = try fields.integer("index", in: 0...MenuEditPages.mostDishes) else {
            return (section, nil)
        }
        guard menu.dish(at: MenuPlace(section: section, index: index)) != nil else {
            throw RequestError(.notFound, "The menu has no dish \(index + 1) in \(section.title).")
        }
        return (section, index)
    }

    /// The form's context: `dish` as given (its price as typed), at `index` of `section`.
    static func form(
        _ dish: MenuDish, price: String, section: MenuSection, index: Int?, revision: Int,
        currency: String, languages: [String] = ["en"]
    ) -> [String: Any] {
        return MenuEditPages.soldOutChoice(dish.soldOut, today: MenuService.today()).merging([
            "revision": revision, "section": section.rawValue, "sectionTitle": section.title,
            "index": index.map(String.init) ?? false, "name": dish.name, "price": price,
            "description": dish.description ?? "", "currency": currency,
            "allergens": Allergen.allCases.map {
                ["value": $0.rawValue, "name": $0.name, "checked": dish.allergens.contains($0)]
            },
            "labels": DietaryLabel.allCases.map {
                ["value": $0.rawValue, "name": $0.name, "checked": dish.labels.contains($0)]
            },
            "allergensDeclared": dish.allergensDeclared, "labelsDeclared": dish.labelsDeclared,
            // The photo's form, once the dish is saved (a photo belongs to a dish in its place).
            "photoForm": index != nil,
            "photo": dish.photo.map {
                ["src": MenuPhotoPages.path(of: $0.id, small: true), "alt": $0.alt]
            } as Any? ?? false,
            "photoAlt": dish.photo?.alt ?? "", "photoProblem": false, "saved": false,
            "translations": languages.dropFirst().map { tag -> [String: Any] in
                [
                    "tag": tag, "language": MenuLanguage.englishName(of: tag),
                    "name": dish.translations[tag]?.name ?? "",
                    "description": dish.translations[tag]?.description ?? "",
                ]
            },
        ]) { _, new in new }
    }
}
