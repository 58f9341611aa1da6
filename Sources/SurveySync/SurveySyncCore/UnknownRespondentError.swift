/// A review named a respondent the store does not hold; nothing was reviewed.
public struct UnknownRespondentError: Error, Equatable, Sendable, CustomStringConvertible {
    public var id: String

    public init(id: String) { self.id = id }

    public var description: String { "no respondent has id '\(id)'" }
}
