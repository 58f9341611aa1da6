/// A menu as a menu file: what `casebook menu export` writes, which `--menu` and
/// `menu --file` read back as the same menu. Every text is written double-quoted (a name such
/// as `123`, `null` or `- Marinara` stays text), prices as the plain decimals the parser reads
/// exactly, sections in their order, an empty one as nothing.
public enum MenuFileWriter {
    public static func yaml(of menu: Menu) -> String {
        var lines = [
            "restaurant: \(quoted(menu.restaurant))",
            "currency: \(quoted(menu.currency.code))",
        ]
        if let locale = menu.currency.locale { lines.append("locale: \(quoted(locale))") }
        func section(_ name: String, _ items: [some MenuOffering]) {
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
                if !item.allergens.isEmpty {
                    lines.append(
                        "    allergens: [\(item.allergens.map(\.rawValue).joined(separator: ", "))]"
                    )
                }
                if !item.labels.isEmpty {
                    lines.append(
                        "    labels: [\(item.labels.map(\.rawValue).joined(separator: ", "))]")
                }
            }
        }
        section("pizzas", menu.pizzas)
        section("beverages", menu.beverages)
        section("desserts", menu.desserts)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a double-quoted YAML scalar: a quote and a backslash escaped (a menu's text
    /// holds no control character: the parser refuses one).
    static func quoted(_ text: String) -> String {
        var output = "\""
        for character in text {
            switch character {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            default: output.append(character)
            }
        }
        return output + "\""
    }
}
