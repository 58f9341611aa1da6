import FuzzDriver
import SurveySyncCore

/// Any bytes as a respondent file: the parser answers a respondent or a `RespondentFileError`,
/// never crashes or runs away (the limits hold), and what it answers survives a JSON round trip.
@main
struct FuzzRespondentYAML {
    static func main() {
        FuzzDriver.run { bytes in
            guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
                return
            }
            guard
                let respondent = try? RespondentParser.respondent(
                    fromYAML: text, fileName: "f.yaml")
            else { return }
            let json = JSONValue.object(respondent.fields)
            precondition(
                (try? JSONParser.parse(JSONWriter.data(json))) == json,
                "a respondent does not survive its JSON round trip")
            precondition(!respondent.id.isEmpty, "a respondent without an id")
        }
    }
}
