import Foundation

/// Anything the menu offers: a name, an exact price and an optional description.
public protocol MenuOffering: Equatable, Sendable {
    var name: String { get }
    var price: Decimal { get }
    var description: String? { get }
    init(name: String, price: Decimal, description: String?)
}
