import CasebookJSON
import Foundation

/// The body of `POST /api/survey-form/versions`: `{"name": "household.xlsx", "file": "…"}`, the
/// form's file (an XLSForm `.xlsx` or its YAML) in base64 and the name it has. A refusal names
/// the member at fault.
public struct SurveyFormRequest: Equatable, Sendable {
    public static let shape =
        #"the body must be {"name": "household.xlsx", "file": "the file in base64"}"#

    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// The JSON of a request for `bytes`, named `name`: what `casebook survey form --to` sends.
    public static func body(name: String, bytes: [UInt8]) -> [UInt8] {
        JSONWriter.data(
            .object(["name": .string(name), "file": .string(Data(bytes).base64EncodedString())]))
    }

    /// The request `body` makes, the file at most `limit` bytes.
    public static func read(_ body: some Collection<UInt8>, limit: Int) throws(WireJSON.Refusal)
        -> Self
    {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            throw WireJSON.Refusal("the body is not valid JSON: \(error)")
        }
        guard case .object(let members) = value else { throw WireJSON.Refusal(shape) }
        if let unknown = members.keys.sorted().first(where: { !["name", "file"].contains($0) }) {
            throw WireJSON.Refusal("the body has no member '\(unknown)'", field: unknown)
        }
        guard case .string(let name)? = members["name"], !name.isEmpty else {
            throw WireJSON.Refusal(
                "name must be the form file's name, such as household.xlsx", field: "name")
        }
        guard case .string(let text)? = members["file"] else {
            throw WireJSON.Refusal("file must be the form's file in base64", field: "file")
        }
        guard let data = Data(base64Encoded: text) else {
            throw WireJSON.Refusal("file is not base64", field: "file")
        }
        guard data.count <= limit else {
            throw WireJSON.Refusal(
                "file is \(data.count) bytes; a form file is at most \(limit)", field: "file")
        }
        return SurveyFormRequest(name: name, bytes: [UInt8](data))
    }
}
