import Foundation
import Menu

extension Pizza {
    /// A pizza for tests: only the name matters unless a test says otherwise.
    static func fixture(name: String = "Margherita", price: Decimal = 8.5) -> Pizza {
        Pizza(name: name, price: price)
    }
}
