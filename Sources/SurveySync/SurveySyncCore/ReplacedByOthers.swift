/// Whether another sender replaced a version a caller sent: the rule every respondent store
/// answers `ReviewedRespondentStore.replacedByOthers(_:caller:)` by, from a respondent's
/// arrivals.
package enum ReplacedByOthers {
    /// One arrival of a respondent: the digest of the version it brought (nil when the store
    /// did not keep it), and who sent it.
    package struct Arrival {
        let digest: String?
        let sender: RespondentSender

        package init(digest: String?, sender: RespondentSender) {
            self.digest = digest
            self.sender = sender
        }
    }

    /// Whether the current version (the last of `arrivals`, oldest first) comes from a known
    /// sender that is not `caller`, after an arrival of `acknowledged`.
    package static func isReplaced(
        _ arrivals: [Arrival], acknowledged: String, caller: RespondentSender
    ) -> Bool {
        guard let current = arrivals.last, !current.sender.mayBe(caller) else { return false }
        return arrivals.dropLast().contains { $0.digest == acknowledged }
    }
}
