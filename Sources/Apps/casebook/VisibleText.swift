import CasebookFileSystem

/// Text from outside (a file's name or contents, a server's reply) as a terminal may be sent
/// it: every control character (U+0000–U+001F, U+007F, U+0080–U+009F: line breaks, escape
/// sequences, bells) as the octal escapes of its UTF-8 bytes, as names that are not UTF-8 are
/// shown, so that a line stays one line and the terminal receives no command.
enum VisibleText {
    static func escaping(_ text: String) -> String {
        guard TextBytes.firstControlCharacter(in: text) != nil else { return text }
        var escaped: [UInt8] = []
        for scalar in text.unicodeScalars {
            if TextBytes.isControl(scalar) {
                for byte in String(scalar).utf8 {
                    TextBytes.appendOctalEscape(of: byte, to: &escaped)
                }
            } else {
                escaped.append(contentsOf: String(scalar).utf8)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `text` on one line, as `appendLine` writes it: for a cell of a table.
    static func line(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendLine(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` on one line: a line break (LF, CR or CR LF) and a tab as one space
    /// each, every other control character escaped.
    static func appendLine(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            // Most text holds no control character: then its bytes go in at once. (0xC2
            // starts U+0080–U+00BF, where the C1 controls are.)
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else {
                output.append(contentsOf: bytes)
                return
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
                index += 1
                switch byte {
                case 0x0D:
                    output.append(0x20)
                    if next == 0x0A { index += 1 }
                case 0x0A, 0x09: output.append(0x20)
                case 0..<0x20, 0x7F: TextBytes.appendOctalEscape(of: byte, to: &output)
                case 0xC2 where next.map { (0x80...0x9F).contains($0) } ?? false:
                    TextBytes.appendOctalEscape(of: byte, to: &output)
                    TextBytes.appendOctalEscape(of: next!, to: &output)
                    index += 1
                default: output.append(byte)
                }
            }
        }
    }
}
