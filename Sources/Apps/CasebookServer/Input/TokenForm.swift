import AccountsCore
import Foundation

/// A token as the pages that make and list them read and show it (a user's own page, the
/// admins' page): its name and expiry checked as the form sends them, and each token a row.
enum TokenForm {
    /// What is wrong with a token's `name` and `expires` (days, empty for never); nil when
    /// nothing is.
    static func problem(name: String, expires: String) -> String? {
        if name.isEmpty || name.count > 100
            || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return "Name the token (1 to 100 characters), as the machine it is for."
        }
        if !expires.isEmpty, !(1...3650).contains(Int(expires) ?? 0) {
            return "A token expires in 1 to 3,650 days, or never (leave it empty)."
        }
        return nil
    }

    /// Each token as a row of a table, on `now`.
    static func rows(_ tokens: [APIToken], at now: Date) -> [[String: Any]] {
        tokens.map { token in
            let expired = token.expiresAt.map { $0 <= now } ?? false
            return [
                "id": token.id, "user": token.user, "label": token.label ?? "—",
                "created": token.createdAt.formatted(.iso8601.year().month().day()),
                "expires": token.expiresAt.map { $0.formatted(.iso8601.year().month().day()) }
                    ?? "never",
                "lastUsed": token.lastUsedAt.map { $0.formatted(.iso8601.year().month().day()) }
                    ?? "never",
                "state": token.revoked ? "revoked" : expired ? "expired" : "active",
                "active": !token.revoked && !expired,
            ]
        }
    }
}
