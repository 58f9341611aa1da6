/// The sieves' scan for candidates: the positions whose byte reached 128 (its top bit set).
enum SieveScan {
    /// Calls `body` with each position of `bytes` (a whole number of 32-byte groups) whose
    /// byte has its top bit set, in order. Four words are tested at a time: such a byte is
    /// rare.
    @inline(__always)
    static func forEachMarked(in bytes: UnsafeRawBufferPointer, _ body: (Int) -> Void) {
        let words = bytes.bindMemory(to: UInt64.self)
        precondition(
            bytes.count % 32 == 0 && words.count * 8 == bytes.count,
            "the sieve is a whole number of 32-byte groups")
        let marks: UInt64 = 0x8080_8080_8080_8080
        for group in stride(from: 0, to: words.count, by: 4) {
            let any = words[group] | words[group + 1] | words[group + 2] | words[group + 3]
            guard any & marks != 0 else { continue }
            for word in group..<group + 4 where words[word] & marks != 0 {
                for position in word * 8..<word * 8 + 8 where bytes[position] & 0x80 != 0 {
                    body(position)
                }
            }
        }
    }
}
