import AccountsBcrypt
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// bcrypt's cost for the password hashes Casebook makes and for the server's decoy:
/// `$CASEBOOK_PASSWORD_COST` (4 to 31), else 12. Each step up doubles the time a check takes;
/// a cost below 10 is for tests and very slow machines only. One setting for `user add`,
/// `user passwd` and `serve`, so that a name nobody has takes as long to refuse as a user's.
enum PasswordCost {
    static let variable = "CASEBOOK_PASSWORD_COST"

    /// The cost the environment sets, or a message saying why it sets none Casebook can use.
    /// Read with `getenv`, not Foundation's copy of the whole environment: every command
    /// checks it at start, `diary add` in a shell loop included.
    static func fromEnvironment() -> Result<UInt8, Refusal> {
        guard let value = getenv(variable) else {
            return .success(BcryptPasswordHasher.standardCost)
        }
        return parse(String(cString: value))
    }

    /// The cost `text` names (empty: the standard one).
    static func parse(_ text: String) -> Result<UInt8, Refusal> {
        guard !text.isEmpty else { return .success(BcryptPasswordHasher.standardCost) }
        guard text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let cost = UInt8(text),
            (4...31).contains(cost)
        else {
            return .failure(
                Refusal(message: "\(variable) must be a whole number from 4 to 31, not '\(text)'"))
        }
        return .success(cost)
    }

    /// The cost to use; the environment was checked at start (`CasebookMain`).
    static var current: UInt8 {
        (try? fromEnvironment().get()) ?? BcryptPasswordHasher.standardCost
    }

    struct Refusal: Error {
        let message: String
    }
}
