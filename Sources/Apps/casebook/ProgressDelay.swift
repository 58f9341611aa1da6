#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long the quadratic sieve works on a number before `casebook factor` shows its progress
/// line on a terminal: `$CASEBOOK_PROGRESS_DELAY` whole seconds (0 to 3600), else one (after
/// git's `GIT_PROGRESS_DELAY`, whose default is two). Read with `getenv`, as `factor` reads its
/// environment (any bytes); a value that is no such number is refused without being shown.
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
        return parse(String(cString: value))
    }

    /// The delay `text` names (empty: the standard one), or nil; read as `PasswordCost` reads
    /// its number (ASCII digits only, not `+1` or `١`).
    static func parse(_ text: String) -> Duration? {
        guard !text.isEmpty else { return standard }
        guard text.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), let seconds = Int(text),
            seconds <= longestSeconds
        else { return nil }
        return .seconds(seconds)
    }
}
