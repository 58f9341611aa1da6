import Foundation

/// One thing that happened to the server's people and their credentials, as the audit log
/// keeps it: who did it, what, to whom, from where. Nothing secret is in it: no password, token
/// secret or session.
public struct AuditEvent: Codable, Equatable, Sendable {
    /// What happened.
    public enum Action: String, Codable, CaseIterable, Sendable {
        case signedIn = "sign-in"
        case signInFailed = "sign-in-failed"
        case signedOut = "sign-out"
        case firstAdminMade = "first-admin"
        case userAdded = "user-added"
        case roleChanged = "role-changed"
        case userDisabled = "user-disabled"
        case userEnabled = "user-enabled"
        case userRemoved = "user-removed"
        case passwordChanged = "password-changed"
        case resetLinkMade = "reset-link-made"
        case secondFactorOn = "second-factor-on"
        case secondFactorOff = "second-factor-off"
        case tokenMade = "token-made"
        case tokenRevoked = "token-revoked"
        case menuSaved = "menu-saved"
        case respondentsReviewed = "respondents-reviewed"
        case diaryImported = "diary-imported"
        case diaryExported = "diary-exported"
        case surveyExported = "survey-exported"
    }

    public var at: Date
    public var action: Action
    /// Who did it: the signed-in user, or the name a sign-in gave; nil when nobody is known.
    public var actor: String?
    /// Whom or what it was done to: a user's name, a token's id.
    public var subject: String?
    /// The client's address, when the request's was known.
    public var address: String?
    /// More, in words: "surveyor → manager", a token's label.
    public var detail: String?

    public init(
        at: Date, action: Action, actor: String?, subject: String? = nil,
        address: String? = nil, detail: String? = nil
    ) {
        self.at = at
        self.action = action
        self.actor = actor
        self.subject = subject
        self.address = address
        self.detail = detail
    }

    /// The longest text a field keeps: what a request sent is cut, never refused.
    public static let longestText = 200

    /// The same with every text cut to `longestText` characters and its control characters
    /// taken out, so that no request can fill the log or write to a terminal that reads it.
    public var bounded: AuditEvent {
        func bounded(_ text: String?) -> String? {
            text.map {
                String(
                    String.UnicodeScalarView(
                        $0.unicodeScalars.filter { $0.properties.generalCategory != .control }
                    ).prefix(Self.longestText))
            }
        }
        var event = self
        event.actor = bounded(actor)
        event.subject = bounded(subject)
        event.address = bounded(address)
        event.detail = bounded(detail)
        return event
    }
}

/// An event as the log holds it: numbered in the order it was appended.
public struct AuditEntry: Equatable, Sendable {
    public let number: Int64
    public let event: AuditEvent

    public init(number: Int64, event: AuditEvent) {
        self.number = number
        self.event = event
    }
}

/// The audit log: append-only, read newest first a page at a time.
public protocol AuditStore: Sendable {
    /// Appends `event` (bounded) as the newest entry.
    func append(_ event: AuditEvent) async throws
    /// At most `limit` entries, newest first, older than `before` (the newest without it).
    func entries(limit: Int, before: Int64?) async throws -> [AuditEntry]
    /// The same, of the entries `filter` reads.
    func entries(limit: Int, before: Int64?, matching filter: AuditFilter) async throws
        -> [AuditEntry]
}

extension AuditStore {
    /// For a store written before the log could be filtered: its pages read and filtered here,
    /// a thousand entries at a time.
    public func entries(limit: Int, before: Int64?, matching filter: AuditFilter) async throws
        -> [AuditEntry]
    {
        var found: [AuditEntry] = []
        var cursor = before
        while found.count < limit {
            let page = try await entries(limit: 1000, before: cursor)
            found += page.filter { filter.matches($0.event) }
            guard page.count == 1000, let last = page.last else { break }
            cursor = last.number
        }
        return Array(found.prefix(max(0, limit)))
    }
}
