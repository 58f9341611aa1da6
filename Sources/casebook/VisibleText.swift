/// Text from outside (a file's name or contents, a server's reply) as a terminal may be sent
/// it: every control character (U+0000–U+001F, U+007F, U+0080–U+009F: line breaks, escape
/// sequences, bells) as the octal escapes of its UTF-8 bytes, as names that are not UTF-8 are
/// shown, so that a line stays one line and the terminal receives no command.
enum VisibleText {
    static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                let octal = String(byte, radix: 8)
                escaped += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
