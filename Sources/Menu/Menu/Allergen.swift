/// The 14 allergens the EU requires a menu to declare (Regulation 1169/2011, Annex II), as a
/// menu file names them (`gluten`, `nuts`, …) and as a guest reads them.
public enum Allergen: String, CaseIterable, Codable, Comparable, Sendable {
    case celery, gluten, crustaceans, eggs, fish, lupin, milk, molluscs, mustard, nuts, peanuts
    case sesame, soy, sulphites

    /// The allergen as a guest reads it: "cereals containing gluten", "tree nuts".
    public var name: String {
        switch self {
        case .gluten: "cereals containing gluten"
        case .nuts: "tree nuts"
        case .soy: "soybeans"
        case .sulphites: "sulphur dioxide and sulphites"
        default: rawValue
        }
    }

    public static func < (left: Allergen, right: Allergen) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
