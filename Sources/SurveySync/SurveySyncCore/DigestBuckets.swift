import Crypto
import Foundation

/// A summary of many respondents in `count` buckets: each bucket is the XOR of the SHA-256 of
/// `id`, a newline and `digest` over the respondents whose id falls in it. Two sides holding the
/// same respondents have the same buckets, whatever the order they learnt them in, and a bucket
/// can be kept up to date one respondent at a time (XOR in, XOR out). Comparing 256 buckets
/// tells which few need comparing respondent by respondent.
public struct DigestBuckets: Sendable, Equatable {
    public static let count = 256

    private var values: [[UInt8]]

    /// Every bucket empty.
    public init() {
        values = Array(repeating: Array(repeating: 0, count: 32), count: Self.count)
    }

    /// Buckets as `hex` gives them; nil unless there are `count` of 64 hex digits each.
    public init?(hex: [String]) {
        guard hex.count == Self.count else { return nil }
        var values: [[UInt8]] = []
        for text in hex {
            guard let bytes = Self.bytes(fromHex: text) else { return nil }
            values.append(bytes)
        }
        self.values = values
    }

    public init(_ digests: some Sequence<RespondentDigest>) {
        self.init()
        for digest in digests { toggle(digest) }
    }

    /// Adds a respondent that is not in the buckets, or removes one that is.
    public mutating func toggle(_ respondent: RespondentDigest) {
        let bucket = RespondentDigest.bucket(ofID: respondent.id)
        let mark = SHA256.hash(data: Data((respondent.id + "\n" + respondent.digest).utf8))
        for (index, byte) in mark.enumerated() { values[bucket][index] ^= byte }
    }

    /// Each bucket in lowercase hex, in bucket order.
    public var hex: [String] { values.map { RespondentDigest.hex($0) } }

    /// The buckets where `other` differs.
    public func buckets(differingFrom other: DigestBuckets) -> [Int] {
        (0..<Self.count).filter { values[$0] != other.values[$0] }
    }

    private static func bytes(fromHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
