import BigInt
import FuzzDriver
import PrimeFactors

/// Any bytes as `casebook factor`'s standard input: every line it writes is `N: p1 p2 …` with
/// the factors ascending and multiplying back to N; nothing crashes, whatever the bytes.
/// Inputs with a run of more than 30 digits are skipped: a number that large may be a product of
/// two large primes, which takes seconds to split, not a fuzzer's microseconds.
@main
struct FuzzFactorTokens {
    final class Collector: ByteWriting {
        var bytes: [UInt8] = []
        func write(_ chunk: UnsafeRawBufferPointer) throws { bytes += chunk }
    }

    /// The input in small reads, so that tokens are split across them.
    struct Input: ByteReading {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            let count = min(buffer.count, bytes.count - offset, 7)
            buffer.copyMemory(
                from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
            offset += count
            return count
        }
    }

    static func main() {
        FuzzDriver.run { bytes in
            var run = 0
            for byte in bytes {
                run = byte &- UInt8(ascii: "0") < 10 ? run + 1 : 0
                if run > 30 { return }
            }
            let output = Collector()
            var stream = FactorStream(output: output, diagnostics: Collector(), commandName: "f")
            var input = Input(bytes: bytes)
            try! stream.factor(from: &input)
            for line in output.bytes.split(separator: UInt8(ascii: "\n")) {
                let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
                guard let number = BigUInt(parts[0].dropLast(), radix: 10) else {
                    preconditionFailure("a line that does not start with a number: \(parts)")
                }
                let factors = parts.dropFirst().map { BigUInt($0, radix: 10)! }
                precondition(factors == factors.sorted(), "factors out of order for \(number)")
                let product = factors.reduce(BigUInt(1), *)
                precondition(
                    number < 2 ? factors.isEmpty : product == number, "\(number) ≠ \(factors)")
            }
        }
    }
}
