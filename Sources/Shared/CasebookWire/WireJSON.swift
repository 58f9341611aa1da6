import CasebookJSON
import Foundation

/// How wire types become JSON and back: one encoder for every answer (sorted keys, slashes
/// unescaped; compact for the API, indented for a person reading the CLI's `--json`), and a
/// decoder that first reads the bytes with the strict `JSONParser` — valid UTF-8 without NUL,
/// no integer beyond 64 bits, bounded nesting — so that `Codable` never sees what Casebook
/// refuses.
public enum WireJSON {
    /// Why a body is not the wire type asked for, in words for whoever sent it.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let message: String
        /// The member of the body at fault, when one is.
        public let field: String?

        public init(_ message: String) {
            self.init(message, field: nil)
        }

        public init(_ message: String, field: String?) {
            self.message = message
            self.field = field
        }

        public var description: String { message }
    }

    public static func encode(_ value: some Encodable, indented: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            indented
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        // Wire types hold only strings, numbers, booleans and arrays of them: nothing fails.
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }

    /// `T` from a body. A refusal thrown while decoding (by `T`'s own checks) comes out as it
    /// is; any other mismatch is `shape`, the message that says what the body must be, and
    /// where the body is not that (`: entries[1].text must be a string`).
    public static func decode<T: Decodable>(
        _ type: T.Type, from bytes: some Collection<UInt8>, shape: String
    ) throws(Refusal) -> T {
        try decode(type, from: bytes, shape: shape, field: nil)
    }

    /// The same, with a mismatch said to be about the body's member `field` (for a body of
    /// one member).
    public static func decode<T: Decodable>(
        _ type: T.Type, from bytes: some Collection<UInt8>, shape: String, field: String?
    ) throws(Refusal) -> T {
        let data = Data(bytes)
        do {
            _ = try JSONParser.parse(data)
        } catch {
            throw Refusal("the body is not valid JSON: \(error)")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let refusal as Refusal {
            throw refusal
        } catch let mismatch as DecodingError where field == nil {
            // A body of one member names it in `field`; any other says where it went wrong.
            throw Refusal(shape + (Self.place(of: mismatch).map { ": " + $0 } ?? ""))
        } catch {
            throw Refusal(shape, field: field)
        }
    }

    /// The member a mismatch is in (`mood`, `entries[1].text`), if the decoder says.
    static func path(of mismatch: DecodingError) -> String? {
        let keys: [any CodingKey]
        switch mismatch {
        case .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            keys = context.codingPath
        case .keyNotFound(let key, let context):
            keys = context.codingPath + [key]
        @unknown default:
            return nil
        }
        return keys.isEmpty ? nil : path(keys)
    }

    /// `keys` as a member's path: `entries[1].text`.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    /// Where a body and its type part ways, and how (`entries[1].text must be a string`,
    /// `entries[0].id is missing`); nil when the decoder does not say.
    static func place(of mismatch: DecodingError) -> String? {
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "a string"
            case is Bool.Type: "true or false"
            case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: "a number"
            case is [Any].Type: "an array"
            default: "an object"
            }
        }
        switch mismatch {
        case .typeMismatch(let type, let context) where !context.codingPath.isEmpty:
            return "\(path(context.codingPath)) must be \(kind(type))"
        case .valueNotFound(let type, let context) where !context.codingPath.isEmpty:
            return "\(path(context.codingPath)) must be \(kind(type)), not null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        default:
            return nil
        }
    }
}
