import Foundation

/// An entry's id as text and back, without `sscanf`/`sprintf`: the 36 characters
/// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` of hexadecimal digits, read in either case (as
/// `UUID(uuidString:)` reads them) and written in lowercase (as the diary stores and shows
/// them). A listing reads and writes one per entry.
public enum EntryIDText {
    /// The id `text` spells, or nil when it is not one (exactly what `UUID(uuidString:)` takes).
    public static func id(from text: String) -> Entry.ID? {
        var text = text
        return text.withUTF8 { bytes -> Entry.ID? in
            guard bytes.count == 36 else { return nil }
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let parsed = withUnsafeMutableBytes(of: &uuid) { output -> Bool in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        guard bytes[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = digit(bytes[position]), let low = digit(bytes[position + 1])
                    else { return false }
                    output[index] = high << 4 | low
                    position += 2
                }
                return true
            }
            return parsed ? UUID(uuid: uuid) : nil
        }
    }

    /// `id` in lowercase, as `uuidString.lowercased()` spells it.
    public static func text(of id: Entry.ID) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        write(id, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `id` in lowercase to `output`.
    public static func write(_ id: Entry.ID, to output: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: id.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    output.append(UInt8(ascii: "-"))
                }
                output.append(digits.utf8Start[Int(byte >> 4)])
                output.append(digits.utf8Start[Int(byte & 0x0F)])
            }
        }
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
