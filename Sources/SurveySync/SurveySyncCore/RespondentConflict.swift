/// Two versions of a respondent that disagree: the later came from another device than the
/// one it replaced and answers differently, as when one household is asked on two phones.
/// Which fields differ, and how, field by field (nested fields as `group/field`, as the
/// export names them).
public struct RespondentConflict: Equatable, Sendable {
    public struct Difference: Equatable, Sendable {
        public let field: String
        /// The field's value in each version; nil where the version lacks it.
        public let earlier: String?
        public let later: String?
    }

    public let earlier: RespondentVersion
    public let later: RespondentVersion
    /// In the fields' name order.
    public let differences: [Difference]

    /// The conflict between `earlier` and the version that replaced it, `later`; nil when they
    /// came from one device (or a device nobody named), or answer the same, or either
    /// arrived before versions were kept.
    public static func between(_ earlier: RespondentVersion, _ later: RespondentVersion)
        -> RespondentConflict?
    {
        guard let before = earlier.respondent, let after = later.respondent,
            let first = earlier.sender.device, let second = later.sender.device, first != second
        else { return nil }
        let old = RespondentExport.cells(of: before.fields)
        let new = RespondentExport.cells(of: after.fields)
        let differences = Set(old.keys).union(new.keys).sorted().compactMap { field in
            old[field] == new[field]
                ? nil : Difference(field: field, earlier: old[field], later: new[field])
        }
        guard !differences.isEmpty else { return nil }
        return RespondentConflict(earlier: earlier, later: later, differences: differences)
    }
}
