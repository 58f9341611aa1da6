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
            guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash,
                bytes[23] == dash
            else { return nil }
            // The 32 digits as two 64-bit halves, without a branch on what each byte is (half
            // of the digits are letters, at random: a branch would miss one time in three).
            var halves: (UInt64, UInt64) = (0, 0)
            var refused: UInt64 = 0
            for index in 0..<8 { add(bytes[index], to: &halves.0, refused: &refused) }
            for index in 9..<13 { add(bytes[index], to: &halves.0, refused: &refused) }
            for index in 14..<18 { add(bytes[index], to: &halves.0, refused: &refused) }
            for index in 19..<23 { add(bytes[index], to: &halves.1, refused: &refused) }
            for index in 24..<36 { add(bytes[index], to: &halves.1, refused: &refused) }
            guard refused == 0 else { return nil }
            // The halves' 16 bytes, most significant first, are the UUID's.
            return UUID(
                uuid: unsafeBitCast((halves.0.bigEndian, halves.1.bigEndian), to: uuid_t.self))
        }
    }

    /// Whether `text` is how some id starts, in lowercase: 1 to 36 characters, each a
    /// hexadecimal digit (`0`–`9`, `a`–`f`) but for the dashes at their places.
    public static func isPrefix(_ text: String) -> Bool {
        let dashes: Set<Int> = [8, 13, 18, 23]
        return (1...36).contains(text.utf8.count)
            && text.utf8.enumerated().allSatisfy { offset, byte in
                dashes.contains(offset)
                    ? byte == dash
                    : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            withUnsafeBytes(of: id.uuid) { bytes in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = dash
                        position += 1
                    }
                    text[position] = hexadecimal(bytes[index] >> 4)
                    text[position + 1] = hexadecimal(bytes[index] & 0x0F)
                    position += 2
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    private static let dash = UInt8(ascii: "-")

    /// Appends the hexadecimal digit `byte` (either case) to `value`; any other byte sets
    /// `refused`. "0"..."9" are 0x30...0x39, "A"..."F" 0x41...0x46 and "a"..."f" 0x61...0x66: the
    /// low four bits, plus 9 for the letters (whose bit 6 is set); which bytes are digits is one
    /// bit each in a 128-bit set.
    @inline(__always)
    private static func add(_ byte: UInt8, to value: inout UInt64, refused: inout UInt64) {
        let digits: UInt64 =
            byte < 0x40 ? 0x03FF_0000_0000_0000 : byte < 0x80 ? 0x0000_007E_0000_007E : 0
        refused |= ~(digits >> (byte & 63)) & 1
        value = value << 4 | UInt64((byte & 0x0F) &+ 9 &* (byte >> 6))
    }

    private static func hexadecimal(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }
}
