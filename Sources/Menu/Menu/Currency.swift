import Foundation

/// The currency a menu's prices are in, shown by its symbol (`€8.50`) or code (`CHF 8.50`),
/// or as a locale writes it when the menu names one (`8,50 €` in `it_IT`).
public struct Currency: Equatable, Sendable {
    /// The ISO 4217 code, such as `EUR`.
    public let code: String
    /// The locale whose way of writing prices the menu shows (`it_IT`), if any.
    public let locale: String?

    public static let euro = Currency(code: "EUR")

    private static let symbols = ["EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "INR": "₹"]

    public init(code: String) {
        self.init(code: code, locale: nil)
    }

    public init(code: String, locale: String?) {
        self.code = code
        self.locale = locale
    }

    /// The currency `code` (three capital letters, as ISO 4217 writes them) written as
    /// `locale` writes prices (one ICU knows, such as `it_IT`; nil: by its symbol or code).
    public static func checked(code: String, locale: String?) throws(MenuEditError) -> Currency {
        try check(code: code)
        if let locale { try check(locale: locale) }
        return Currency(code: code, locale: locale)
    }

    /// Whether `code` is three capital letters; a `currency` error if not.
    static func check(code: String) throws(MenuEditError) {
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw MenuEditError(
                field: "currency",
                problem: "'\(code)' is not a three-letter currency code such as EUR")
        }
    }

    /// Whether ICU knows `locale`; a `locale` error if not.
    static func check(locale: String) throws(MenuEditError) {
        guard locale.count <= 32, knownLocales.contains(locale) else {
            throw MenuEditError(
                field: "locale",
                problem: "'\(locale)' is not a locale (a language and region such as it_IT)")
        }
    }

    private static let knownLocales = Set(Locale.availableIdentifiers)

    /// `amount` rounded half-up to cents, with its symbol: `€8.50`; in the menu's locale,
    /// as it writes a price, always with cents (`12.345,50 €` in `it_IT`).
    public func format(_ amount: Decimal) -> String {
        if let locale {
            var rounded = Decimal()
            var value = amount
            NSDecimalRound(&rounded, &value, 2, .plain)
            return rounded.formatted(
                .currency(code: code).locale(Locale(identifier: locale))
                    .precision(.fractionLength(2)))
        }
        let number = Self.plainText(amount)
        if let symbol = Self.symbols[code] { return symbol + number }
        return "\(code) \(number)"
    }

    /// `amount` rounded half-up to two decimals, without a symbol: `8.50`.
    public static func plainText(_ amount: Decimal) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        let parts = "\(rounded)".split(separator: ".", maxSplits: 1)
        let whole = parts.first.map(String.init) ?? "0"
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        return whole + "." + fraction.padding(toLength: 2, withPad: "0", startingAt: 0)
    }
}
