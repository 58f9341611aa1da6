import AccountsCore
import HummingbirdBcrypt

/// bcrypt (hummingbird-auth's), at a cost chosen so that one check takes a noticeable
/// fraction of a second: slow for whoever guesses, once per sign-in for whoever knows.
public struct BcryptPasswordHasher: PasswordHasher {
    /// 2^12 rounds: about a quarter of a second per hash on this project's machine.
    public static let standardCost: UInt8 = 12

    public let cost: UInt8

    public init(cost: UInt8 = standardCost) {
        precondition((4...31).contains(cost), "bcrypt's cost is from 4 to 31")
        self.cost = cost
    }

    public func hash(_ password: String) -> String {
        Bcrypt.hash(password, cost: cost)
    }

    public func verify(_ password: String, against hash: String) -> Bool {
        Bcrypt.verify(password, hash: hash)
    }
}
