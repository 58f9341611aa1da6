import Foundation
import Yams

/// Turns a respondent's YAML file into a `Respondent`, keeping every field and its type.
public enum RespondentParser {
    /// The most a respondent file may hold: 1 MiB, far more than any respondent's answers.
    public static let maximumFileSize = 1024 * 1024

    /// - Parameters:
    ///   - yaml: the file's text: one mapping, nested as deeply as it likes.
    ///   - fileName: names the file in errors, and the respondent when there is no `id` field.
    public static func respondent(fromYAML yaml: String, fileName: String)
        throws(RespondentFileError)
        -> Respondent
    {
        let converter = Converter(file: fileName)
        guard let root = try converter.compose(yaml) else {
            throw RespondentFileError(file: fileName, problem: "the file is empty")
        }
        guard case .mapping = root, case .object(var fields) = try converter.json(from: root) else {
            throw converter.error(
                at: root, "a respondent file must hold one mapping (key: value lines)")
        }
        if let idNode = root["id"] {
            guard let id = fields["id"].flatMap(Respondent.identity) else {
                if case .string = fields["id"] {
                    throw converter.error(at: idNode, "field 'id' must not be empty")
                }
                throw converter.error(at: idNode, "field 'id' must be a string or an integer")
            }
            return Respondent(id: id, fields: fields)
        }
        let id = (fileName as NSString).deletingPathExtension
        fields["id"] = .string(id)
        return Respondent(id: id, fields: fields)
    }

    private struct Converter {
        let file: String

        func compose(_ yaml: String) throws(RespondentFileError) -> Node? {
            do {
                return try Yams.compose(yaml: yaml, .basic, .default, .utf8)
            } catch let error as YamlError {
                throw self.error(from: error)
            } catch {
                throw RespondentFileError(file: file, problem: "\(error)")
            }
        }

        func json(from node: Node) throws(RespondentFileError) -> JSONValue {
            switch node {
            case .scalar(let scalar):
                return json(from: node, text: scalar.string)
            case .sequence(let sequence):
                var elements: [JSONValue] = []
                for element in sequence { elements.append(try json(from: element)) }
                return .array(elements)
            case .mapping(let mapping):
                var fields: [String: JSONValue] = [:]
                for (key, value) in mapping {
                    guard case .scalar(let keyScalar) = key else {
                        throw error(at: key, "keys must be plain values, not lists or mappings")
                    }
                    fields[keyScalar.string] = try json(from: value)
                }
                return .object(fields)
            case .alias:
                throw error(at: node, "aliases are not supported")
            }
        }

        /// Plain scalars are typed; quoted and block scalars are strings.
        private func json(from node: Node, text: String) -> JSONValue {
            guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any
            else { return .string(text) }
            return PlainScalar.value(of: text) ?? .string(text)
        }

        func error(at node: Node, _ problem: String) -> RespondentFileError {
            RespondentFileError(
                file: file, line: node.mark?.line, column: node.mark?.column, problem: problem)
        }

        func error(from error: YamlError) -> RespondentFileError {
            switch error {
            case .scanner(let context, let problem, let mark, _),
                .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                let text = [context?.text, problem].compactMap { $0 }.joined(separator: " ")
                return RespondentFileError(
                    file: file, line: mark.line, column: mark.column, problem: text)
            case .duplicatedKeysInMapping(let duplicates, let context):
                let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
                return RespondentFileError(
                    file: file, line: context.mark.line, column: context.mark.column,
                    problem: "duplicate key \(keys)")
            default:
                return RespondentFileError(file: file, problem: "\(error)")
            }
        }
    }
}
