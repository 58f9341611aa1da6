import AccountsCore
import Crypto
import Foundation

/// What the code page after a right password carries, in place of a session: the user, until
/// when it may be answered (five minutes), and a MAC keyed by the user's password hash, which
/// no client knows and every instance on the store reads alike. A new password ends every
/// challenge made before it; nothing is kept on the server.
enum SecondFactorChallenge {
    static let lifetime: TimeInterval = 300

    /// A challenge for `user`, made at `now`.
    static func make(for user: User, now: Date = Date()) -> String {
        let payload = "\(Int64(now.timeIntervalSince1970 + lifetime))~\(user.name)"
        return Base64URL.encode(Data(payload.utf8)) + "." + mac(payload, user: user)
    }

    /// The name `challenge` is for, read before its user is looked up; nil for no challenge.
    static func name(in challenge: String) -> String? {
        payload(of: challenge).map(\.name)
    }

    /// Whether `challenge` was made for `user` and may still be answered at `now`.
    static func isValid(_ challenge: String, for user: User, now: Date = Date()) -> Bool {
        guard
            let (text, expiry, name) = payload(of: challenge).map({ ($0.text, $0.expiry, $0.name) }
            ),
            name == user.name, now.timeIntervalSince1970 < Double(expiry),
            let mac = challenge.split(separator: ".").last
        else { return false }
        let expected = Self.mac(text, user: user)
        // Compared in constant time: a MAC is not guessed a byte at a time.
        return expected.utf8.count == mac.utf8.count
            && zip(expected.utf8, mac.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func payload(of challenge: String) -> (
        text: String, expiry: Int64, name: String
    )? {
        let parts = challenge.split(separator: ".", omittingEmptySubsequences: false)
        guard challenge.utf8.count <= 300, parts.count == 2,
            let data = Base64URL.decode(String(parts[0])),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let fields = text.split(separator: "~", maxSplits: 1)
        guard fields.count == 2, let expiry = Int64(fields[0]) else { return nil }
        return (text, expiry, String(fields[1]))
    }

    private static func mac(_ payload: String, user: User) -> String {
        let key = SymmetricKey(
            data: SHA256.hash(data: Data(("second factor " + user.passwordHash).utf8)))
        return HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: key)
            .map { String(format: "%02x", $0) }.joined()
    }
}
