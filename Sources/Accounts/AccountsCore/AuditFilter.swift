/// Which entries of the audit log to read: of one action, and about one person (who did it,
/// from the browser or the command line, or whom it was done to); everything when empty.
public struct AuditFilter: Equatable, Sendable {
    public var action: AuditEvent.Action?
    public var person: String?

    public init(action: AuditEvent.Action? = nil, person: String? = nil) {
        self.action = action
        self.person = person
    }

    public var isEmpty: Bool { action == nil && person == nil }

    /// The actor the command line records for `person` (`AuditEvent.actor`).
    public static func commandLineActor(_ person: String) -> String {
        "\(person) (command line)"
    }

    /// Whether `event` is one this filter reads.
    public func matches(_ event: AuditEvent) -> Bool {
        if let action, event.action != action { return false }
        guard let person else { return true }
        return event.actor == person || event.actor == Self.commandLineActor(person)
            || event.subject == person
    }
}
