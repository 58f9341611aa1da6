/// Where the server keeps users' second factors, one a user.
public protocol SecondFactorStore: Sendable {
    func secondFactor(user: String) async throws -> SecondFactor?
    /// Turns a second factor on for `user` (replacing any), or off with nil.
    /// - Throws: `UserError.unknown` when there is no such user.
    func setSecondFactor(_ factor: SecondFactor?, user: String) async throws
    /// Records that a code of `step` was accepted, if `step` is after the last one accepted;
    /// gives whether it was (of two at once with one step, one is).
    func useStep(_ step: Int64, user: String) async throws -> Bool
    /// Uses up the recovery code whose hash is `hash`; gives whether it was one not used yet.
    func useRecoveryCode(hash: String, user: String) async throws -> Bool
}
