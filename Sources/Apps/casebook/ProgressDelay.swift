#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long the quadratic sieve works on a number before `casebook factor` shows its progress
/// line on a terminal: `$CASEBOOK_PROGRESS_DELAY` whole seconds (0 to 3600), else one (after
/// git's `GIT_PROGRESS_DELAY`, whose default is two). Read with `getenv`, as `factor` reads its environment
/// (any bytes); a value that is no such number is refused without being shown.
enum ProgressDelay {
    static let variable = "CASEBOOK_PROGRESS_DELAY"
    static let standard = Duration.seconds(1)
    static let longestSeconds = 3_600

    /// Why a value is refused.
    static let refusal =
        "\(variable) must be a whole number of seconds from 0 to \(longestSeconds)"

    /// The delay the environment sets, or nil when it sets one that is refused.
    static func fromEnvironment() -> Duration? {
        guard let value = getenv(variable) else { return standard }
        return parse(Array(String(cString: value).utf8))
    }

    /// The delay `bytes` name (none: the standard one), or nil.
    static func parse(_ bytes: [UInt8]) -> Duration? {
        guard !bytes.isEmpty else { return standard }
        guard bytes.count <= 4, bytes.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
            return nil
        }
        let seconds = bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return seconds <= longestSeconds ? .seconds(seconds) : nil
    }
}
