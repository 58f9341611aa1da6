/// One line of `factor` output, byte for byte as GNU coreutils writes it: `N: p1 p2 …`.
public enum FactorLine {
    /// The line for `number`, without its newline.
    public static func text(for number: UInt64) -> String {
        var bytes: [UInt8] = []
        append(number, to: &bytes)
        bytes.removeLast()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line for `number`, with its newline, to `bytes`.
    static func append(_ number: UInt64, to bytes: inout [UInt8]) {
        appendDecimal(number, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        for factor in primeFactors(of: number) {
            bytes.append(UInt8(ascii: " "))
            appendDecimal(factor, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var remaining = value
        for index in stride(from: end - 1, through: end - digits, by: -1) {
            bytes[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
    }
}
