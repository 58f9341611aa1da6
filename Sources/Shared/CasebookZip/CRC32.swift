/// The CRC-32 a ZIP file gives each entry (ISO 3309, the polynomial 0xEDB88320 reflected),
/// eight bytes at a time ("slicing by 8").
public struct CRC32: Sendable {
    /// The checksum of what was added so far.
    public private(set) var value: UInt32 = 0

    public init() {}

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.add(bytes)
        return crc.value
    }

    /// Adds `bytes` to the checksum.
    public mutating func add(_ bytes: some Collection<UInt8>) {
        var crc = ~value
        let added = bytes.withContiguousStorageIfAvailable { buffer in
            Self.update(&crc, buffer)
            return true
        }
        if added == nil { Array(bytes).withUnsafeBufferPointer { Self.update(&crc, $0) } }
        value = ~crc
    }

    private static func update(_ crc: inout UInt32, _ buffer: UnsafeBufferPointer<UInt8>) {
        let table = Self.table
        var index = 0
        while index + 8 <= buffer.count {
            let low =
                crc
                ^ (UInt32(buffer[index]) | UInt32(buffer[index + 1]) << 8
                    | UInt32(buffer[index + 2]) << 16 | UInt32(buffer[index + 3]) << 24)
            crc =
                table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                ^ table[3 * 256 + Int(buffer[index + 4])]
                ^ table[2 * 256 + Int(buffer[index + 5])]
                ^ table[1 * 256 + Int(buffer[index + 6])] ^ table[Int(buffer[index + 7])]
            index += 8
        }
        while index < buffer.count {
            crc = table[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
            index += 1
        }
    }

    /// Eight tables of 256: the first the byte-at-a-time table, each next one a byte further.
    private static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            table[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = table[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return table
    }()
}
