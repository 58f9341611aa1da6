import CasebookFileSystem
import Foundation

/// A restaurant's whole menu.
public struct Menu: Equatable, Sendable {
    public var restaurant: String
    public var currency: Currency
    public var pizzas: [Pizza]
    public var beverages: [Beverage]
    public var desserts: [Dessert]
    /// The order its sections are shown in: each section once, pizzas, beverages and desserts
    /// unless the menu says otherwise.
    public var sectionOrder: [MenuSection] = MenuSection.allCases
    /// The restaurant itself: its address, phone, map link, time zone and opening hours.
    public var details = RestaurantDetails()
    /// The languages it is written in, its own first (what its dishes' names and descriptions
    /// are in), then those its dishes are translated into.
    public var languages: [String] = ["en"]

    public init(
        restaurant: String, currency: Currency, pizzas: [Pizza], beverages: [Beverage],
        desserts: [Dessert]
    ) {
        self.restaurant = restaurant
        self.currency = currency
        self.pizzas = pizzas
        self.beverages = beverages
        self.desserts = desserts
    }

    /// The menu as a guest reading `language` sees it: each dish's name and description in it
    /// where translated (`Dish.translated(into:)`), and `language` first among its languages.
    public func translated(into language: String) -> Menu {
        guard language != languages.first, languages.contains(language) else { return self }
        var menu = self
        menu.pizzas = pizzas.map { Pizza($0.dish.translated(into: language)) }
        menu.beverages = beverages.map { Beverage($0.dish.translated(into: language)) }
        menu.desserts = desserts.map { Dessert($0.dish.translated(into: language)) }
        menu.languages = [language] + languages.filter { $0 != language }
        return menu
    }

    /// A menu from the YAML text of a menu file; `file` names it in errors.
    public init(yaml: String, file: String) throws(MenuFileError) {
        self = try MenuFileParser(file: file).menu(fromYAML: yaml)
    }

    /// The most a menu file may hold: 1 MiB, for a menu of thousands of dishes.
    public static let maximumFileSize = 1024 * 1024

    /// The menu in the file at `url` (a link to it is followed: the operator named it).
    public static func load(from url: URL) throws(MenuFileError) -> Menu {
        let text: String
        do {
            text = try BoundedFile.text(
                atPath: url.path, limit: maximumFileSize, followingSymlink: true)
        } catch {
            throw MenuFileError(file: url.path, problem: "cannot read the file: \(error)")
        }
        return try Menu(yaml: text, file: url.path)
    }
}
