/// A menu as a menu file: what `casebook menu export` writes, which `--menu` and
/// `menu --file` read back as the same menu. Every text is written double-quoted (a name such
/// as `123`, `null` or `- Marinara` stays text), prices as the plain decimals the parser reads
/// exactly, sections in the menu's order, an empty one as nothing.
public enum MenuFileWriter {
    public static func yaml(of menu: Menu) -> String {
        var lines = [
            "restaurant: \(quoted(menu.restaurant))",
            "currency: \(quoted(menu.currency.code))",
        ]
        if let locale = menu.currency.locale { lines.append("locale: \(quoted(locale))") }
        if menu.sectionOrder != MenuSection.allCases {
            lines.append(
                "section_order: [\(menu.sectionOrder.map(\.rawValue).joined(separator: ", "))]")
        }
        if menu.languages != ["en"] {
            lines.append("languages: [\(menu.languages.joined(separator: ", "))]")
        }
        let details = menu.details
        for (key, value) in [
            ("address", details.address), ("phone", details.phone), ("map", details.mapLink),
            ("time_zone", details.timeZone), ("cuisine", details.cuisine),
        ] {
            if let value { lines.append("\(key): \(quoted(value))") }
        }
        let weekly = Weekday.allCases.filter { details.hours.weekly[$0] != nil }
        if !weekly.isEmpty {
            lines.append("hours:")
            for weekday in weekly {
                lines.append(
                    "  \(weekday.rawValue): \(quoted(hoursText(details.hours.weekly[weekday]!)))")
            }
        }
        if !details.hours.exceptions.isEmpty {
            lines.append("exceptions:")
            for day in details.hours.exceptions.keys.sorted() {
                lines.append(
                    "  \(quoted(day)): \(quoted(hoursText(details.hours.exceptions[day]!)))")
            }
        }
        func section<Kind>(_ name: String, _ items: [Offering<Kind>]) {
            guard !items.isEmpty else {
                lines.append("\(name):")
                return
            }
            lines.append("\(name):")
            for item in items {
                lines.append("  - name: \(quoted(item.name))")
                lines.append("    price: \(Currency.plainText(item.price))")
                if let description = item.description {
                    lines.append("    description: \(quoted(description))")
                }
                // Declared, even as none (`[]`); not written when not declared.
                if item.allergensDeclared {
                    lines.append(
                        "    allergens: [\(item.allergens.map(\.rawValue).joined(separator: ", "))]"
                    )
                }
                if item.labelsDeclared {
                    lines.append(
                        "    labels: [\(item.labels.map(\.rawValue).joined(separator: ", "))]")
                }
                if let soldOut = item.soldOut { lines.append("    sold_out: \(soldOut.fileText)") }
                if let photo = item.dish.photo {
                    lines.append("    photo: \(photo.id)")
                    lines.append("    photo_alt: \(quoted(photo.alt))")
                }
                if !item.dish.translations.isEmpty {
                    lines.append("    translations:")
                    for language in menu.languages where item.dish.translations[language] != nil {
                        let translation = item.dish.translations[language]!
                        lines.append("      \(language):")
                        if let name = translation.name {
                            lines.append("        name: \(quoted(name))")
                        }
                        if let description = translation.description {
                            lines.append("        description: \(quoted(description))")
                        }
                    }
                }
            }
        }
        for name in menu.sectionOrder {
            switch name {
            case .pizzas: section(name.rawValue, menu.pizzas)
            case .beverages: section(name.rawValue, menu.beverages)
            case .desserts: section(name.rawValue, menu.desserts)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A day's periods as a menu file writes them: `12:00-14:30, 18:30-22:30`, or `closed`.
    public static func hoursText(_ periods: [OpeningPeriod]) -> String {
        periods.isEmpty ? "closed" : periods.map(\.text).joined(separator: ", ")
    }

    /// `text` as a double-quoted YAML scalar, scalar by scalar: a quote and a backslash
    /// escaped, and every scalar YAML would not read back as itself (a line or paragraph
    /// separator, a next line, a byte order mark, a noncharacter, any control character) as
    /// its escape.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{85}": output += "\\N"
            case "\u{2028}": output += "\\L"
            case "\u{2029}": output += "\\P"
            default:
                if scalar.properties.generalCategory == .control || scalar.value == 0xFEFF
                    || scalar.properties.isNoncharacterCodePoint
                {
                    output +=
                        "\\U"
                        + String(scalar.value, radix: 16, uppercase: true)
                        .leftPadded(to: 8)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

extension String {
    /// The text with zeros before it, `count` characters long at least.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}
