/// A `multipart/form-data` body (RFC 7578), as a browser sends a form that holds a file: its
/// parts in order, each with its field name, its file name and type when it is a file, and its
/// bytes exactly. Strict: lines end in CRLF, the body starts with its boundary and ends with the
/// last one, each part says `Content-Disposition: form-data; name="…"` once, names and file
/// names are UTF-8 without NUL; at most `mostParts` parts and `longestHeaders` bytes of headers
/// each. The body's size is bounded by whoever read it.
public struct MultipartForm: Sendable {
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// One part: a field, or a file when it has a file name.
    public struct Part: Equatable, Sendable {
        public let name: String
        public let filename: String?
        public let contentType: String?
        public let body: [UInt8]
    }

    public static let mostParts = 16
    public static let longestHeaders = 4_096

    public let parts: [Part]

    /// The first part named `name`.
    public func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// The first name that more than one part has and that is not among `repeatable`, the
    /// names that may be repeated (a field of several files); nil when there is none.
    public func firstRepeated(except repeatable: Set<String>) -> String? {
        var seen = Set<String>()
        return parts.first { !repeatable.contains($0.name) && !seen.insert($0.name).inserted }?
            .name
    }

    /// The first field named `name` as text, or nil when there is none or it is not UTF-8
    /// without NUL.
    public subscript(name: String) -> String? {
        guard let body = part(named: name)?.body,
            let text = String(validating: body, as: UTF8.self), !text.utf8.contains(0)
        else { return nil }
        return text
    }

    /// The boundary a `Content-Type` of `multipart/form-data` names: 1 to 70 characters
    /// (RFC 2046), as a token or a quoted string.
    public static func boundary(contentType: String) throws(Refusal) -> String {
        let pieces = contentType.split(separator: ";").map { String(trimmed($0)) }
        guard pieces.first?.lowercased() == "multipart/form-data" else {
            throw Refusal(message: "the body must be multipart/form-data")
        }
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            guard piece[..<equals].lowercased() == "boundary" else { continue }
            var value = String(piece[piece.index(after: equals)...])
            if value.count >= 2, value.first == "\"", value.last == "\"" {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count),
                value.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") })
            else { throw Refusal(message: "the body's boundary must be 1 to 70 characters") }
            return value
        }
        throw Refusal(message: "a multipart/form-data body must name its boundary")
    }

    public init(_ body: [UInt8], boundary: String) throws(Refusal) {
        try self.init(body, boundary: boundary, partLimit: Self.mostParts)
    }

    /// The same with at most `partLimit` parts: for a form that sends many files.
    public init(_ body: [UInt8], boundary: String, partLimit: Int) throws(Refusal) {
        let delimiter = Array("--\(boundary)".utf8)
        let separator = [UInt8(ascii: "\r"), UInt8(ascii: "\n")] + delimiter
        guard body.starts(with: delimiter) else {
            throw Refusal(message: "the body does not start with its boundary")
        }
        var position = delimiter.count
        var parts: [Part] = []
        while true {
            // After a boundary: `--` for the last, else a line break and a part.
            if body[position...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) {
                let rest = body[(position + 2)...]
                guard rest.isEmpty || rest.elementsEqual([0x0D, 0x0A]) else {
                    throw Refusal(message: "the body goes on after its last boundary")
                }
                break
            }
            guard body[position...].starts(with: [0x0D, 0x0A]) else {
                throw Refusal(message: "a boundary must end its line")
            }
            position += 2
            guard parts.count < partLimit else {
                throw Refusal(message: "more than \(partLimit) parts")
            }
            guard let headersEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: position),
                headersEnd - position <= Self.longestHeaders
            else {
                throw Refusal(
                    message:
                        "a part's header must end with an empty line within \(Self.longestHeaders) bytes"
                )
            }
            let headers = try Self.headers(body[position..<headersEnd])
            position = headersEnd + 4
            guard let end = Self.find(separator, in: body, from: position) else {
                throw Refusal(message: "the body ends before its last boundary")
            }
            parts.append(
                Part(
                    name: headers.name, filename: headers.filename,
                    contentType: headers.contentType, body: Array(body[position..<end])))
            position = end + separator.count
        }
        self.parts = parts
    }

    /// What a part's headers say: `Content-Disposition` (required, once) and `Content-Type`;
    /// others are ignored.
    private static func headers(_ bytes: ArraySlice<UInt8>) throws(Refusal)
        -> (name: String, filename: String?, contentType: String?)
    {
        guard let text = String(validating: bytes, as: UTF8.self), !text.utf8.contains(0) else {
            throw Refusal(message: "a part's header is not UTF-8 text without NUL")
        }
        var disposition: (name: String, filename: String?)?
        var contentType: String?
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                throw Refusal(message: "a part's header line has no name: '\(line.prefix(40))'")
            }
            let field = line[..<colon].lowercased()
            let value = String(trimmed(line[line.index(after: colon)...]))
            switch field {
            case "content-disposition":
                guard disposition == nil else {
                    throw Refusal(message: "a part says its Content-Disposition twice")
                }
                disposition = try Self.disposition(value)
            case "content-type":
                guard contentType == nil else {
                    throw Refusal(message: "a part says its Content-Type twice")
                }
                contentType = value
            default: continue
            }
        }
        guard let disposition else {
            throw Refusal(message: "a part has no Content-Disposition")
        }
        return (disposition.name, disposition.filename, contentType)
    }

    /// `form-data; name="…"; filename="…"`: the name and file name, each quoted (a browser
    /// escapes a quote in them as `%22`), each once.
    private static func disposition(_ value: String) throws(Refusal)
        -> (name: String, filename: String?)
    {
        var rest = Substring(value)
        guard rest.lowercased().hasPrefix("form-data") else {
            throw Refusal(message: "a part's Content-Disposition must be form-data")
        }
        rest = rest.dropFirst("form-data".count)
        var parameters: [String: String] = [:]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == ";" else {
                throw Refusal(message: "a part's Content-Disposition cannot be read")
            }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard let equals = rest.firstIndex(of: "=") else {
                throw Refusal(message: "a part's Content-Disposition cannot be read")
            }
            let key = rest[..<equals].lowercased()
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else {
                    throw Refusal(message: "a part's Content-Disposition leaves a quote open")
                }
                value = rest[..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = trimmed(rest[..<end])
                rest = rest[end...]
            }
            guard parameters[key] == nil else {
                throw Refusal(message: "a part's Content-Disposition names its \(key) twice")
            }
            parameters[key] = String(value)
        }
        guard let name = parameters["name"] else {
            throw Refusal(message: "a part's Content-Disposition has no name")
        }
        return (name, parameters["filename"])
    }

    /// `text` without spaces and tabs at either end.
    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    /// Where `needle` first starts in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            guard let found = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[found..<found + needle.count].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }
}
