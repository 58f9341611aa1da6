/// What an item suits or how it tastes, as a menu file names it and as a guest filters by it.
public enum DietaryLabel: String, CaseIterable, Codable, Comparable, Sendable {
    case vegetarian, vegan, spicy
    case glutenFree = "gluten-free"

    /// The label as a guest reads it: "Vegetarian", "Gluten-free".
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The schema.org diet it names (`https://schema.org/VeganDiet`); nil for a taste.
    public var schemaOrgDiet: String? {
        switch self {
        case .vegetarian: "https://schema.org/VegetarianDiet"
        case .vegan: "https://schema.org/VeganDiet"
        case .glutenFree: "https://schema.org/GlutenFreeDiet"
        case .spicy: nil
        }
    }

    public static func < (left: DietaryLabel, right: DietaryLabel) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
