/// Turns a password into a slow, salted hash and checks a password against one.
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) -> String
    /// Whether `password` is the one `hash` was made from, in time that does not depend on
    /// where they differ.
    func verify(_ password: String, against hash: String) -> Bool
}
