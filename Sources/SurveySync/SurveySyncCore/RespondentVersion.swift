import Foundation

/// One version of a respondent as it arrived: its fields and the text of its file
/// (`Respondent.originalYAML`), who sent it and when. A store keeps every version, so that one
/// a later version replaced (another device's, or an older copy's) can still be read.
public struct RespondentVersion: Equatable, Sendable {
    /// The most versions a respondent can have: what a 32-bit column holds.
    public static let mostVersions = Int(Int32.max)

    /// Its place among the respondent's versions: 1 for the first that arrived.
    public var number: Int
    /// The respondent as this version had it, with the text of its file when it came with one;
    /// nil for a version that arrived before the store kept versions.
    public var respondent: Respondent?
    public var sender: RespondentSender
    public var at: Date

    public init(number: Int, respondent: Respondent?, sender: RespondentSender, at: Date) {
        self.number = number
        self.respondent = respondent
        self.sender = sender
        self.at = at
    }
}
