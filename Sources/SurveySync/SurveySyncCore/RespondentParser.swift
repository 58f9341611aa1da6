import CasebookYAML
import Foundation

/// Turns a respondent's YAML file into a `Respondent`, keeping every field and its type.
public enum RespondentParser {
    /// The most a respondent file may hold: 1 MiB, far more than any respondent's answers.
    public static let maximumFileSize = 1024 * 1024
    /// What reading one respondent file may ask: no aliases, at most 64 levels of nesting and
    /// 100,000 values.
    public static let limits = YAMLLimits()

    /// The respondent keeps `yaml` as its original (`Respondent.originalYAML`).
    ///
    /// - Parameters:
    ///   - yaml: the file's text: one mapping, nested as deeply as it likes.
    ///   - fileName: names the file in errors, and the respondent when there is no `id` field.
    public static func respondent(fromYAML yaml: String, fileName: String)
        throws(RespondentFileError)
        -> Respondent
    {
        let document: YAMLDocument?
        do {
            document = try YAMLReader.read(yaml, limits: limits)
        } catch {
            throw RespondentFileError(
                file: fileName, line: error.line, column: error.column, problem: error.problem)
        }
        guard let document else {
            throw RespondentFileError(file: fileName, problem: "the file is empty")
        }
        guard case .object(var fields) = document.root else {
            throw RespondentFileError(
                file: fileName, line: document.position.line, column: document.position.column,
                problem: "a respondent file must hold one mapping (key: value lines)")
        }
        if let idValue = fields["id"] {
            guard let id = Respondent.identity(of: idValue) else {
                let place = document.fieldPositions["id"]
                let problem =
                    if case .string = idValue {
                        "field 'id' must not be empty"
                    } else {
                        "field 'id' must be a string or an integer"
                    }
                throw RespondentFileError(
                    file: fileName, line: place?.line, column: place?.column, problem: problem)
            }
            if let problem = RespondentIDProblem.of(id) {
                let place = document.fieldPositions["id"]
                let text =
                    switch problem {
                    case .dotSegment: "field 'id' cannot be '.' or '..', which no address reaches"
                    case .tooLong: "field 'id' is longer than \(RespondentIDProblem.longest) bytes"
                    case .notComposed: "field 'id' \(RespondentIDProblem.notComposedWords)"
                    }
                throw RespondentFileError(
                    file: fileName, line: place?.line, column: place?.column, problem: text)
            }
            return Respondent(id: id, fields: fields, original: yaml)
        }
        let id = (fileName as NSString).deletingPathExtension
        if let problem = RespondentIDProblem.of(id) {
            let text =
                switch problem {
                case .dotSegment:
                    "without an id, the file's name cannot be '.' or '..', which no address reaches"
                case .tooLong:
                    "without an id, the file's name is longer than \(RespondentIDProblem.longest) bytes"
                case .notComposed:
                    "without an id, the file's name \(RespondentIDProblem.notComposedWords)"
                }
            throw RespondentFileError(file: fileName, problem: text)
        }
        fields["id"] = .string(id)
        return Respondent(id: id, fields: fields, original: yaml)
    }
}

extension Respondent {
    fileprivate init(id: String, fields: [String: JSONValue], original: String) {
        self.init(id: id, fields: fields)
        originalYAML = original
    }
}
