import Foundation

/// A price as a menu file and the menu's form write it: digits, and optionally a point and one
/// or two more (`8`, `8.5`, `8.50`), at most 999999999.99, read exactly.
public enum MenuPrice {
    /// Why a text is no price.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case tooLarge(String)
        case notAPrice(String)

        public var description: String {
            switch self {
            case .tooLarge(let text): "'\(text)' is too large a price (at most 999999999.99)"
            case .notAPrice(let text):
                "'\(text)' is not a price (a number ≥ 0 with at most 2 decimals)"
            }
        }
    }

    /// The price `text` writes.
    public static func read(_ text: String) throws(Refusal) -> Decimal {
        // Decimal holds 38 digits and would round more; no menu needs over nine before the point.
        if isPrice(text), text.prefix(while: { $0 != "." }).drop(while: { $0 == "0" }).count > 9 {
            throw .tooLarge(text)
        }
        guard isPrice(text),
            let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { throw .notAPrice(text) }
        return price
    }

    /// Digits, optionally followed by a point and one or two digits.
    private static func isPrice(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in
            !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber }
        }
        guard let whole = parts.first, isDigits(whole) else { return false }
        return parts.count == 1 || (isDigits(parts[1]) && parts[1].count <= 2)
    }
}
