import Foundation
import FuzzDriver
import Menu

/// Any bytes as a menu file: the parser answers a menu or a `MenuFileError`, and every price of
/// a menu it answers is within the menu's bounds.
@main
struct FuzzMenuYAML {
    static func main() {
        let largest = Decimal(string: "999999999.99")!
        FuzzDriver.run { bytes in
            guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
                return
            }
            guard let menu = try? Menu(yaml: text, file: "menu.yaml") else { return }
            let prices =
                menu.pizzas.map(\.price) + menu.beverages.map(\.price)
                + menu.desserts.map(\.price)
            precondition(prices.allSatisfy { $0 >= 0 && $0 <= largest }, "a price out of bounds")
            _ = MenuListing(menu: menu)
        }
    }
}
