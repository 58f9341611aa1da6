import CasebookTestSupport
import CasebookZip
import Testing

@Suite("CRC-32")
struct CRC32Tests {
    @Test(arguments: [
        ("", UInt32(0)), ("a", 0xE8B7_BE43), ("123456789", 0xCBF4_3926),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ])
    func checksOfKnownTextsAreTheKnownOnes(text: String, crc: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == crc)
    }

    /// Eight bytes at a time gives what one at a time gives, whatever the length and however
    /// the bytes are split between additions.
    @Test func anySplitGivesTheChecksumOfTheWhole() {
        var generator = SplitMix64(seed: 2026)
        for length in [0, 1, 7, 8, 9, 63, 64, 65, 1_000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let whole = CRC32.checksum(bytes)
            #expect(whole == Self.bitwise(bytes))
            let cut = length == 0 ? 0 : Int(generator.next() % UInt64(length))
            var parts = CRC32()
            parts.add(bytes[..<cut])
            parts.add(bytes[cut...])
            #expect(parts.value == whole)
        }
    }

    /// A bit at a time, as the polynomial is defined.
    static func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
