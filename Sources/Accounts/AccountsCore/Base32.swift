/// RFC 4648's base32 (A–Z, 2–7), the alphabet authenticator apps read a TOTP secret in.
/// Written here: it is a few lines, and no library Casebook uses has it.
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// `bytes` in base32, unpadded (as `otpauth://` URIs carry secrets).
    public static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                text.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes `text` holds in base32 (any case, spaces and `=` padding ignored); nil when a
    /// character is none of base32's.
    public static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text.utf8
        where character != UInt8(ascii: " ") && character != UInt8(ascii: "=") {
            let upper = (97...122).contains(character) ? character - 32 : character
            guard let value = alphabet.firstIndex(of: upper) else { return nil }
            buffer = ((buffer << 5) | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return bytes
    }
}
