import CasebookForms
import Hummingbird

/// A segment of the request's path that its route names (`{id}`), percent-decoded strictly, so
/// that an id holding `/`, a space or a letter beyond ASCII is found under its encoded form.
enum PathParameter {
    static func text(_ name: String, in context: some RequestContext) throws(RequestError)
        -> String
    {
        guard let raw = context.parameters.get(name) else {
            throw RequestError(.notFound, "the path has no \(name)")
        }
        do {
            return try PercentDecoding.text(raw.utf8, plusIsSpace: false)
        } catch {
            throw RequestError(.badRequest, "the path's \(name) \(error.problem)").parameter(name)
        }
    }

    /// `text` as a segment of a path that `text(_:in:)` reads back: every byte but the
    /// unreserved characters of RFC 3986 percent-encoded.
    static func encoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(digits[Int(byte >> 4)])
                encoded.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }
}
