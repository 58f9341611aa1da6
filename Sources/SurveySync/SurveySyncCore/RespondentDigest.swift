import Crypto
import Foundation

/// A respondent reduced to its id and a digest of its content: the SHA-256 of its fields as
/// canonical JSON (`JSONWriter`: sorted keys, no spaces), in lowercase hex. Equal digests mean
/// the same fields with the same types and values; the folder and the backend compute it the
/// same way, so they can compare what they hold without sending it.
public struct RespondentDigest: Sendable, Hashable {
    public let id: String
    public let digest: String

    public init(id: String, digest: String) {
        self.id = id
        self.digest = digest
    }

    public init(_ respondent: Respondent) {
        self.init(id: respondent.id, digest: Self.digest(of: respondent.fields))
    }

    /// The digest of a respondent's fields.
    public static func digest(of fields: [String: JSONValue]) -> String {
        digest(ofCanonicalJSON: JSONWriter.data(.object(fields)))
    }

    /// The digest of fields already written as canonical JSON.
    package static func digest(ofCanonicalJSON json: [UInt8]) -> String {
        hex(SHA256.hash(data: json))
    }

    /// The bucket (0 to 255) an id falls in: the first byte of the SHA-256 of its UTF-8.
    public static func bucket(ofID id: String) -> Int {
        Int(Array(SHA256.hash(data: Data(id.utf8)))[0])
    }

    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
