import CasebookFileSystem
import Foundation

/// A dish of any section as a form gives and shows it: all a menu file says of it. Added to a
/// menu or put in a dish's place, it is checked as a menu file's dish is (a name, unique in
/// its section, and text without control characters), with lengths a form bounds.
public struct MenuDish: Equatable, Sendable {
    public var name: String
    public var price: Decimal
    public var description: String?
    public var allergens: Set<Allergen>
    public var labels: Set<DietaryLabel>
    public var soldOut: MenuSoldOut?
    /// Whether `allergens` is all it contains (none, when empty); else a guest must ask.
    public var allergensDeclared: Bool
    /// Whether `labels` is every label that suits it.
    public var labelsDeclared: Bool

    /// The longest name a form gives, in Unicode scalars.
    public static let longestName = 200
    /// The longest description a form gives, in Unicode scalars.
    public static let longestDescription = 2_000

    public init(
        name: String, price: Decimal, description: String? = nil, allergens: Set<Allergen> = [],
        labels: Set<DietaryLabel> = [], soldOut: MenuSoldOut? = nil
    ) {
        self.name = name
        self.price = price
        self.description = description
        self.allergens = allergens
        self.labels = labels
        self.soldOut = soldOut
        allergensDeclared = !allergens.isEmpty
        labelsDeclared = !labels.isEmpty
    }

    /// A dish whose allergens and labels are declared or not, as `allergensDeclared` and
    /// `labelsDeclared` say (naming some declares them).
    public init(
        name: String, price: Decimal, description: String? = nil, allergens: Set<Allergen>,
        allergensDeclared: Bool, labels: Set<DietaryLabel>, labelsDeclared: Bool,
        soldOut: MenuSoldOut? = nil
    ) {
        self.init(
            name: name, price: price, description: description, allergens: allergens,
            labels: labels, soldOut: soldOut)
        self.allergensDeclared = allergensDeclared || !allergens.isEmpty
        self.labelsDeclared = labelsDeclared || !labels.isEmpty
    }

    init(_ offering: some MenuOffering) {
        self.init(
            name: offering.name, price: offering.price, description: offering.description,
            allergens: Set(offering.allergens), allergensDeclared: offering.allergensDeclared,
            labels: Set(offering.labels), labelsDeclared: offering.labelsDeclared,
            soldOut: offering.soldOut)
    }

    /// The dish, unless something in it cannot be on a menu beside `others` (its section's
    /// other dishes).
    /// A name or description left as `was` has it (a menu file's, which may hold what a form
    /// would not take) is not checked again.
    func checked(beside others: [MenuDish], was: MenuDish? = nil) throws(MenuEditError)
        -> MenuDish
    {
        if !Self.same(name, was?.name) {
            try Self.check(name, field: "name", longest: Self.longestName)
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw MenuEditError(field: "name", problem: "the name is empty")
            }
            guard !others.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw MenuEditError(field: "name", problem: "'\(name)' is on the menu already")
            }
        }
        if let description, !Self.same(description, was?.description) {
            try Self.check(description, field: "description", longest: Self.longestDescription)
        }
        if let contradiction = Self.contradiction(allergens: allergens, labels: labels) {
            throw MenuEditError(field: "label", problem: contradiction)
        }
        guard (try? MenuPrice.read(Currency.plainText(price))) == price, price >= 0 else {
            throw MenuEditError(
                field: "price", problem: "\(price) is not a price (at most 2 decimals)")
        }
        return self
    }

    /// What is wrong with a dish said to be of a diet that one of its allergens rules out
    /// (vegan with milk, gluten-free with gluten), if anything: a guest would be told both.
    static func contradiction(allergens: Set<Allergen>, labels: Set<DietaryLabel>) -> String? {
        for label in labels.sorted() {
            let ruling = (MenuFilter.ruledOutBy[label] ?? []).intersection(allergens)
            if let allergen = ruling.sorted().first {
                return "'\(label.rawValue)' cannot be said of a dish that contains \(allergen.name)"
            }
        }
        return nil
    }

    /// Whether `text` is `other`, byte for byte.
    static func same(_ text: String, _ other: String?) -> Bool {
        other.map { text.utf8.elementsEqual($0.utf8) } ?? false
    }

    static func check(_ text: String, field: String, longest: Int)
        throws(MenuEditError)
    {
        guard text.unicodeScalars.count <= longest else {
            throw MenuEditError(field: field, problem: "is at most \(longest) characters")
        }
        if let control = TextBytes.firstControlCharacter(in: text) {
            throw MenuEditError(
                field: field,
                problem: "holds a control character (\(TextBytes.codePoint(control))), which a"
                    + " menu's text may not hold")
        }
        if let turning = TextBytes.firstLineOrDirectionCharacter(in: text) {
            throw MenuEditError(field: field, problem: Self.turningProblem(turning))
        }
    }

    /// Why a menu's text may not hold `scalar`, a line or direction character.
    static func turningProblem(_ scalar: Unicode.Scalar) -> String {
        "holds \(TextBytes.codePoint(scalar)), which ends a line or turns text around, and a"
            + " menu's text may not hold it"
    }
}

extension Offering {
    init(_ dish: MenuDish) {
        self.init(
            name: dish.name, price: dish.price, description: dish.description,
            allergens: dish.allergens, labels: dish.labels)
        self = marked(dish.soldOut).declared(
            allergens: dish.allergensDeclared, labels: dish.labelsDeclared)
    }
}

extension Menu {
    /// The same menu of the restaurant `name` (not empty, at most 200 characters, without
    /// control characters) with its prices in `currency`.
    public func named(_ name: String, currency: Currency) throws(MenuEditError) -> Menu {
        // A name left as it is (a menu file's, which may hold what a form would not take) is
        // not checked again.
        if !MenuDish.same(name, restaurant) {
            try MenuDish.check(name, field: "restaurant", longest: MenuDish.longestName)
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw MenuEditError(field: "restaurant", problem: "the name is empty")
            }
        }
        var menu = self
        menu.restaurant = name
        menu.currency = currency
        return menu
    }

    /// The most dishes a menu arranged from a form holds: far more than a restaurant's, and
    /// few enough that every revision reads back within the menu file's limits (a dish with
    /// everything written is about 31 of its 100,000 values).
    public static let mostDishes = 1_000

    /// The dishes of `section`, in order.
    public func dishes(in section: MenuSection) -> [MenuDish] {
        switch section {
        case .pizzas: pizzas.map(MenuDish.init)
        case .beverages: beverages.map(MenuDish.init)
        case .desserts: desserts.map(MenuDish.init)
        }
    }

    /// All the menu says of the dish at `place`; nil for a place the menu does not have.
    public func details(at place: MenuPlace) -> MenuDish? {
        let dishes = dishes(in: place.section)
        return dishes.indices.contains(place.index) ? dishes[place.index] : nil
    }

    /// The menu with `dish` last in `section`.
    public func adding(_ dish: MenuDish, to section: MenuSection) throws(MenuEditError) -> Menu {
        guard places.count < Self.mostDishes else {
            throw MenuEditError(
                field: "name", problem: "the menu holds at most \(Self.mostDishes) dishes")
        }
        let others = dishes(in: section)
        return settingDishes(others + [try dish.checked(beside: others)], in: section)
    }

    /// The menu with `dish` in the place of the one at `place`.
    public func replacing(at place: MenuPlace, with dish: MenuDish) throws(MenuEditError) -> Menu {
        var dishes = dishes(in: place.section)
        guard dishes.indices.contains(place.index) else {
            throw MenuEditError(field: "place", problem: "the menu has no such dish")
        }
        var others = dishes
        let was = others.remove(at: place.index)
        dishes[place.index] = try dish.checked(beside: others, was: was)
        return settingDishes(dishes, in: place.section)
    }

    /// The menu without the dish at `place`; nil for a place the menu does not have.
    public func removing(at place: MenuPlace) -> Menu? {
        var dishes = dishes(in: place.section)
        guard dishes.indices.contains(place.index) else { return nil }
        dishes.remove(at: place.index)
        return settingDishes(dishes, in: place.section)
    }

    /// The menu with the dish at `place` moved `offset` places down its section (up when
    /// negative); nil when there is no such dish or no such place to move it to.
    public func moving(at place: MenuPlace, by offset: Int) -> Menu? {
        var dishes = dishes(in: place.section)
        let (from, to) = (place.index, place.index + offset)
        guard dishes.indices.contains(from), dishes.indices.contains(to) else { return nil }
        dishes.insert(dishes.remove(at: from), at: to)
        return settingDishes(dishes, in: place.section)
    }

    /// The menu with `section` shown `offset` places later (earlier when negative); nil when
    /// there is no such place.
    public func movingSection(_ section: MenuSection, by offset: Int) -> Menu? {
        guard let from = sectionOrder.firstIndex(of: section),
            sectionOrder.indices.contains(from + offset)
        else { return nil }
        var menu = self
        menu.sectionOrder.insert(menu.sectionOrder.remove(at: from), at: from + offset)
        return menu
    }

    private func settingDishes(_ dishes: [MenuDish], in section: MenuSection) -> Menu {
        var menu = self
        switch section {
        case .pizzas: menu.pizzas = dishes.map(Pizza.init)
        case .beverages: menu.beverages = dishes.map(Beverage.init)
        case .desserts: menu.desserts = dishes.map(Dessert.init)
        }
        return menu
    }
}
