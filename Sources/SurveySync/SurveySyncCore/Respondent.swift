/// One survey respondent: every field of their file, including the `id` that names them.
public struct Respondent: Sendable, Hashable, Codable {
    /// The respondent's identity: the `id` field as text (an integer id `42` is `"42"`).
    public let id: String
    /// Every field, `id` included, with its JSON type.
    public let fields: [String: JSONValue]

    /// The fields as canonical JSON (`JSONWriter`), when they were written once already: a sync
    /// writes them for the digest and uploads the same bytes. A copy of what `fields` says, so
    /// not part of what the respondent is: equality, hashing and coding ignore it.
    package let keptCanonicalJSON: [UInt8]?

    /// The text of the file the respondent was read from (`RespondentParser`), when it was
    /// read from one: what a store keeps as its original. Not part of what the respondent is:
    /// equality, hashing and coding ignore it.
    public var originalYAML: String?

    public init(id: String, fields: [String: JSONValue]) {
        self.init(id: id, fields: fields, canonicalJSON: nil)
    }

    /// A respondent that keeps `canonicalJSON`, which must be `JSONWriter.data(.object(fields))`.
    package init(id: String, fields: [String: JSONValue], canonicalJSON: [UInt8]?) {
        self.id = id
        self.fields = fields
        keptCanonicalJSON = canonicalJSON
    }

    /// The fields as canonical JSON: the kept bytes, or written now.
    package var canonicalJSON: [UInt8] { keptCanonicalJSON ?? JSONWriter.data(.object(fields)) }

    public static func == (left: Respondent, right: Respondent) -> Bool {
        left.id == right.id && left.fields == right.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(fields)
    }

    /// A respondent from a JSON object, which must have an `id` that is a non-empty string or an
    /// integer; nil otherwise.
    public init?(json: JSONValue) {
        guard case .object(let fields) = json, let id = fields["id"].flatMap(Self.identity) else {
            return nil
        }
        self.init(id: id, fields: fields)
    }

    /// The identity an `id` value gives, if it is a non-empty string or an integer.
    static func identity(of value: JSONValue) -> String? {
        switch value {
        case .string(let text) where !text.isEmpty: text
        case .integer(let number): String(number)
        default: nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        guard let respondent = Respondent(json: json) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a respondent must have an id (a string or an integer)"))
        }
        self = respondent
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(fields).encode(to: encoder)
    }
}
