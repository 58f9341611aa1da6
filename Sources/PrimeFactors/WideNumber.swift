import BigInt

/// An unsigned integer the factoring methods written for any width work on (`UInt64` for the
/// elliptic-curve method's 64-bit use, `UInt128`, `BigUInt`): any `UnsignedInteger` that can
/// say how many bits its value needs.
protocol WideNumber: UnsignedInteger {
    /// The bits the value needs: 0 for 0, 1 for 1, 128 for 2^127.
    var significantBitCount: Int { get }
    /// The remainder of the value divided by a small `divisor`, without a wide division.
    func remainder(dividingBy divisor: UInt64) -> UInt64
}

extension UInt64: WideNumber {
    var significantBitCount: Int { UInt64.bitWidth - leadingZeroBitCount }

    func remainder(dividingBy divisor: UInt64) -> UInt64 { self % divisor }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension UInt128: WideNumber {
    var significantBitCount: Int { UInt128.bitWidth - leadingZeroBitCount }

    func remainder(dividingBy divisor: UInt64) -> UInt64 {
        let high = UInt64(truncatingIfNeeded: self >> 64) % divisor
        return divisor.dividingFullWidth((high, UInt64(truncatingIfNeeded: self))).remainder
    }
}

extension BigUInt: WideNumber {
    /// `BigUInt`'s `bitWidth` is already the bits its value needs.
    var significantBitCount: Int { bitWidth }

    func remainder(dividingBy divisor: UInt64) -> UInt64 {
        var remainder: UInt64 = 0
        for word in words.reversed() {
            remainder = divisor.dividingFullWidth((remainder, UInt64(word))).remainder
        }
        return remainder
    }
}
