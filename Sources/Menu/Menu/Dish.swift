import CasebookFileSystem
import Foundation

/// A dish of any section: all a menu file says of it, the one value every shape of a dish
/// holds (a `Pizza`, `Beverage` or `Dessert` is a `Dish` of its kind, a `MenuItem` is one as a
/// row shows it) and that a form gives and shows. Added to a menu or put in a dish's place, it
/// is checked as a menu file's dish is (a name, unique in its section, and text without
/// control characters), with lengths a form bounds.
public struct Dish: Equatable, Sendable {
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
    /// Its photo, if the manager gave one.
    public var photo: DishPhoto?
    /// Its name and description in the menu's other languages, by language tag.
    public var translations: [String: DishTranslation] = [:]

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
        photo = nil
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

    /// The dish `offering` is.
    init<Kind>(_ offering: Offering<Kind>) {
        self = offering.dish
    }

    init(_ offering: some MenuOffering) {
        // A pizza, beverage or dessert is a dish already: taken whole, whatever it holds.
        if let kept = offering as? any DishHolding {
            self = kept.dish
            return
        }
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
    func checked(beside others: [Dish], was: Dish? = nil) throws(MenuEditError)
        -> Dish
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
        if let photo, photo != was?.photo {
            try Self.check(photo.alt, field: "photo_alt", longest: DishPhoto.longestAlt)
            guard !photo.alt.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw MenuEditError(
                    field: "photo_alt",
                    problem: "say in words what the photo shows, for a guest who cannot see it")
            }
            guard DishPhoto.isValidID(photo.id) else {
                throw MenuEditError(field: "photo", problem: "'\(photo.id)' is not a photo's id")
            }
        }
        for (language, translation) in translations.sorted(by: { $0.key < $1.key })
        where translation != was?.translations[language] {
            if let name = translation.name {
                try Self.check(name, field: "name_\(language)", longest: Self.longestName)
            }
            if let description = translation.description {
                try Self.check(
                    description, field: "description_\(language)", longest: Self.longestDescription)
            }
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

/// What holds a `Dish` whole (every `Offering`), for the dish to be taken from it as it is.
protocol DishHolding {
    var dish: Dish { get }
}

/// The name a dish had before it was a `Dish`.
public typealias MenuDish = Dish

extension Dish: Encodable {
    enum CodingKeys: CodingKey {
        case title, price, description, allergens, allergensDeclared, labels, labelsDeclared
        case photo, translations
    }

    /// As a menu's JSON gives a dish (each of its rows, `MenuItem`): its name as `title`, the
    /// price with two decimals and no symbol (`8.50`), and the description as `null` when
    /// there is none, so that every row has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .title)
        try container.encode(Currency.plainText(price), forKey: .price)
        try container.encode(description, forKey: .description)
        // Where they are declared (`[]` for none); absent where nobody has said, as in a menu
        // from before. Whether they are declared is always said.
        if allergensDeclared { try container.encode(allergens.sorted(), forKey: .allergens) }
        try container.encode(allergensDeclared, forKey: .allergensDeclared)
        if labelsDeclared { try container.encode(labels.sorted(), forKey: .labels) }
        try container.encode(labelsDeclared, forKey: .labelsDeclared)
        // `{"id", "alt"}`, or null: every row has the same keys.
        try container.encode(photo, forKey: .photo)
        // `{"it": {"name", "description"}}`: `{}` when the menu has one language.
        try container.encode(translations, forKey: .translations)
    }

    /// The dish as a guest reading `language` sees it: its name and description in it where
    /// they are translated, in the menu's own language where not.
    public func translated(into language: String) -> Dish {
        guard let translation = translations[language] else { return self }
        var translated = self
        if let name = translation.name { translated.name = name }
        if let description = translation.description { translated.description = description }
        return translated
    }
}
