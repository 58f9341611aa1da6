import CasebookJSON
import FuzzDriver

/// Any bytes as a JSON request body: the parser answers a value or a syntax error, and a value
/// it answers is written as valid UTF-8 that reads back as the same value.
@main
struct FuzzJSONBody {
    static func main() {
        FuzzDriver.run { bytes in
            guard let value = try? JSONParser.parse(bytes) else { return }
            let written = JSONWriter.data(value)
            precondition(
                String(validating: written, as: UTF8.self) != nil, "written JSON is not UTF-8")
            precondition((try? JSONParser.parse(written)) == value, "JSON does not round-trip")
        }
    }
}
