import Crypto
import Foundation
import StoreFailures

/// How a respondent store keeps a respondent, whatever its engine: the canonical JSON of its
/// fields as the row's body, the SHA-256 of that body as its digest, and the body read back —
/// where a body that is no respondent is a damaged row, never a wrong answer.
package enum StoredRespondent {
    package static func body(of respondent: Respondent) -> String {
        JSONWriter.string(.object(respondent.fields))
    }

    package static func digest(ofBody body: String) -> String {
        RespondentDigest.hex(SHA256.hash(data: Data(body.utf8)))
    }

    package static func respondent(fromBody body: String) throws -> Respondent {
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(body.utf8))
        } catch {
            throw DamagedRowError(store: "respondents", key: nil, problem: "\(error)")
        }
        guard let respondent = Respondent(json: json) else {
            throw DamagedRowError(store: "respondents", key: nil, problem: "it has no id")
        }
        return respondent
    }
}
