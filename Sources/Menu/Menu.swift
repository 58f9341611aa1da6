import Foundation

/// A restaurant's whole menu.
public struct Menu: Equatable, Sendable {
    public var restaurant: String
    public var currency: Currency
    public var pizzas: [Pizza]
    public var beverages: [Beverage]
    public var desserts: [Dessert]

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

    /// A menu from the YAML text of a menu file; `file` names it in errors.
    public init(yaml: String, file: String) throws(MenuFileError) {
        self = try MenuFileParser(file: file).menu(fromYAML: yaml)
    }

    /// The menu in the file at `url`.
    public static func load(from url: URL) throws(MenuFileError) -> Menu {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw MenuFileError(
                file: url.path,
                problem: "cannot read the file: " + reason(reading: url, failed: error))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MenuFileError(
                file: url.path, problem: "cannot read the file: it is not UTF-8 text")
        }
        return try Menu(yaml: text, file: url.path)
    }

    /// Why reading `url` failed, in words for the person who named the file.
    private static func reason(reading url: URL, failed error: any Error) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return "there is no such file"
        }
        if isDirectory.boolValue { return "it is a folder" }
        if (error as? CocoaError)?.code == .fileReadNoPermission { return "permission denied" }
        return error.localizedDescription
    }
}
