/// The fields of an `application/x-www-form-urlencoded` body or of a URL's query, decoded
/// strictly: at most `maximumCount` fields, every name and value valid text (`PercentDecoding`).
/// The first of a repeated name counts, but for `values(_:)`, which gives every one;
/// `firstRepeated(except:)` names a repeat, for a reader that takes one value of a name.
public struct URLEncodedForm: Sendable {
    /// Why a form was refused, in words that name the field.
    public struct Refusal: Error, Equatable, Sendable {
        public let message: String
        /// The field (or parameter) whose value was refused, when one was.
        public var field: String? = nil
    }

    public static let maximumCount = 64

    /// What the fields are, for messages: "form field" or "query parameter".
    public let kind: String
    private var values: [String: String] = [:]
    private var repeated: [String: [String]] = [:]
    /// Each name once, in the order first given.
    private var names: [String] = []

    public init(_ encoded: some Collection<UInt8>, kind: String = "form field") throws(Refusal) {
        try self.init(encoded, kind: kind, maximumCount: Self.maximumCount)
    }

    /// The same, for a form of a known larger size: at most `maximumCount` fields.
    public init(_ encoded: some Collection<UInt8>, kind: String, maximumCount: Int)
        throws(Refusal)
    {
        self.kind = kind
        let pairs = encoded.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        guard pairs.count <= maximumCount else {
            throw Refusal(message: "more than \(maximumCount) \(kind)s")
        }
        for pair in pairs {
            let parts = pair.split(
                separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name: String
            do {
                name = try PercentDecoding.text(parts[0], plusIsSpace: true)
            } catch {
                throw Refusal(message: "a \(kind)'s name \(error.problem)")
            }
            do {
                let value =
                    parts.count > 1 ? try PercentDecoding.text(parts[1], plusIsSpace: true) : ""
                if values[name] == nil {
                    values[name] = value
                    names.append(name)
                }
                repeated[name, default: []].append(value)
            } catch {
                throw Refusal(message: "\(kind) '\(name)' \(error.problem)", field: name)
            }
        }
    }

    public subscript(name: String) -> String? { values[name] }

    /// Every value given for `name`, in order: a field that may be repeated (`tag=a&tag=b`).
    public func values(_ name: String) -> [String] { repeated[name] ?? [] }

    /// The first name given more than once that is not among `repeatable`, the names that may
    /// be repeated; nil when there is none. A reader that takes one value of a name refuses a
    /// form with two, rather than take the first.
    public func firstRepeated(except repeatable: Set<String>) -> String? {
        names.first { repeated[$0, default: []].count > 1 && !repeatable.contains($0) }
    }

    /// How many distinct names the form holds.
    public var count: Int { values.count }

    /// The whole number in field `name`, nil when the field is missing or empty.
    /// - Throws: a refusal naming the field when it is not a whole number within `range`.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(Refusal) -> Int? {
        guard let text = values[name], !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw Refusal(
                message:
                    "\(kind) '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return value
    }
}
