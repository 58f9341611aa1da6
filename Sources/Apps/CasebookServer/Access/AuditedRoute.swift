import AccountsCore
import Hummingbird

/// What a route of `RouteTable.audited` writes to the audit log when it succeeds, and for
/// which of its requests (an export, of a route that lists too).
struct AuditedRoute: Sendable {
    let action: AuditEvent.Action
    let applies: @Sendable (Request) -> Bool

    init(
        _ action: AuditEvent.Action,
        when applies: @escaping @Sendable (Request) -> Bool = { _ in true }
    ) {
        self.action = action
        self.applies = applies
    }
}
