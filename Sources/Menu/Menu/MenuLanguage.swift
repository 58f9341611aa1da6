import Foundation

/// The languages a menu is written in: a tag each (`en`, `it`, `pt-BR`), the first the one its
/// dishes' names and descriptions are written in, the others those of their translations.
public enum MenuLanguage {
    /// At most this many languages a menu.
    public static let mostLanguages = 8

    /// Whether `tag` is a language tag a menu takes: two or three lowercase letters, and
    /// optionally a region of two capitals (`pt-BR`).
    public static func isValid(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.utf8.count),
            language.utf8.allSatisfy({ (0x61...0x7A).contains($0) })
        else { return false }
        switch parts.count {
        case 1: return true
        case 2:
            return parts[1].utf8.count == 2
                && parts[1].utf8.allSatisfy { (0x41...0x5A).contains($0) }
        default: return false
        }
    }

    /// The language's name in itself, as a switcher offers it ("English", "Italiano").
    public static func ownName(of tag: String) -> String {
        let locale = Locale(identifier: tag)
        let name = locale.localizedString(forIdentifier: tag) ?? tag
        return name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// The language's name in English, as the staff's pages name it ("Italian").
    public static func englishName(of tag: String) -> String {
        Locale(identifier: "en_US").localizedString(forIdentifier: tag) ?? tag
    }

    /// Of `offered` (the menu's languages, its own first), the one an `Accept-Language`
    /// header prefers: by its weights (`q=`), a whole tag before its language alone
    /// (`pt-BR` asked is `pt-BR`, else `pt`), and the menu's own when none is offered.
    public static func preferred(by acceptLanguage: String?, among offered: [String]) -> String {
        let own = offered.first ?? "en"
        guard let acceptLanguage else { return own }
        var asked: [(tag: String, weight: Double, order: Int)] = []
        for (order, piece) in acceptLanguage.split(separator: ",").prefix(32).enumerated() {
            let fields = piece.split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let tag = fields.first, !tag.isEmpty else { continue }
            var weight = 1.0
            for field in fields.dropFirst() where field.hasPrefix("q=") {
                weight = Double(field.dropFirst(2)) ?? 0
            }
            if weight > 0 { asked.append((tag, weight, order)) }
        }
        asked.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }
        for wanted in asked {
            if wanted.tag == "*" { return own }
            if let exact = offered.first(where: { $0.lowercased() == wanted.tag.lowercased() }) {
                return exact
            }
            let language = wanted.tag.split(separator: "-").first.map(String.init)?.lowercased()
            if let near = offered.first(where: {
                $0.split(separator: "-").first.map(String.init) == language
            }) {
                return near
            }
        }
        return own
    }
}
