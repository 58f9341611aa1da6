import Hummingbird

/// The fields of an `application/x-www-form-urlencoded` body or of a URL's query, decoded
/// strictly: at most `maximumCount` fields, every name and value valid text (`PercentDecoding`).
/// The first of a repeated name counts. A problem is a 400 naming the field.
struct FormFields {
    static let maximumCount = 64

    /// What the fields are, for messages: "form field" or "query parameter".
    let kind: String
    private var values: [String: String] = [:]

    init(_ encoded: some Collection<UInt8>, kind: String = "form field") throws(RequestError) {
        self.kind = kind
        let pairs = encoded.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        guard pairs.count <= Self.maximumCount else {
            throw RequestError(.badRequest, "more than \(Self.maximumCount) \(kind)s")
        }
        for pair in pairs {
            let parts = pair.split(
                separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name: String
            do {
                name = try PercentDecoding.text(parts[0], plusIsSpace: true)
            } catch {
                throw RequestError(.badRequest, "a \(kind)'s name \(error.problem)")
            }
            do {
                let value =
                    parts.count > 1 ? try PercentDecoding.text(parts[1], plusIsSpace: true) : ""
                if values[name] == nil { values[name] = value }
            } catch {
                throw RequestError(.badRequest, "\(kind) '\(name)' \(error.problem)")
            }
        }
    }

    /// The query of `request`'s URL.
    init(query request: Request) throws(RequestError) {
        try self.init((request.uri.query ?? "").utf8, kind: "query parameter")
    }

    subscript(name: String) -> String? { values[name] }

    /// The whole number in field `name`, nil when the field is missing or empty.
    /// - Throws: a 400 naming the field when it is not a whole number within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(RequestError) -> Int? {
        guard let text = values[name], !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw RequestError(
                .badRequest,
                "\(kind) '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return value
    }
}
