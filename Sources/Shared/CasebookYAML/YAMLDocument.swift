import CasebookJSON

/// The one document of a YAML text, as JSON, with the places an error about it may point at.
public struct YAMLDocument: Sendable {
    public let root: JSONValue
    /// Where the root begins.
    public let position: YAMLPosition
    /// Where each top-level field's value begins, when the root is a mapping.
    public let fieldPositions: [String: YAMLPosition]
}
