import Foundation

/// The dates of the wire, as `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` wrote
/// them in UTC on the toolchain Casebook was built with.
public enum WireDateText {
    /// `date` as the wire spells it.
    public static func text(of date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Appends `date` as the wire spells it to `output`.
    public static func write(_ date: Date, to output: inout [UInt8]) {
        output.append(contentsOf: text(of: date).utf8)
    }
}
