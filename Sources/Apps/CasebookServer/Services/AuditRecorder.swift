import AccountsCore
import Foundation
import Hummingbird
import Logging

/// Writes what happens to people and credentials to the audit log, when the user store keeps
/// one (every store Casebook has does): who, what, to whom, from which address. A log that
/// cannot be written is said in the server's log and does not stop what was done: a sign-in
/// does not fail for it.
struct AuditRecorder: Sendable {
    let store: (any AuditStore)?
    let clock: @Sendable () -> Date

    init(store: (any AuditStore)?, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.clock = clock
    }

    private static let logger = Logger(label: "casebook.audit")

    func record(
        _ action: AuditEvent.Action, actor: String?, subject: String? = nil,
        detail: String? = nil, request: Request
    ) async {
        guard let store else { return }
        let event = AuditEvent(
            at: clock(), action: action, actor: actor, subject: subject,
            address: PeerAddress.address(of: request), detail: detail)
        do {
            try await store.append(event)
        } catch {
            Self.logger.error("the audit log could not be written: \(error)")
        }
    }
}
