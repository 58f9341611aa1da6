import CasebookFileSystem
import CasebookJSON
import CasebookYAML
import Diary

/// The time format a jrnl journal is read in: the one named on the command line, else the
/// `timeformat` of the jrnl.yaml named (jrnl's own configuration file), else none (jrnl's and
/// Casebook's defaults).
enum JrnlConfigFile {
    /// The most a jrnl.yaml may be.
    static let limit = 1 << 20

    static func timeFormat(given: String?, config: String?) throws -> JrnlTimeFormat? {
        if let given { return try format(given, from: "--time-format") }
        guard let config else { return nil }
        let text: String
        do {
            let bytes = try BoundedFile.bytes(atPath: config, limit: limit, followingSymlink: true)
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                throw FailureReport.Message("\(config): the file is not UTF-8 text")
            }
            text = decoded
        } catch let message as FailureReport.Message {
            throw message
        } catch {
            throw FailureReport.Message("\(config): \(error)")
        }
        let document: YAMLDocument?
        do {
            document = try YAMLReader.read(text, typingPlainScalars: false)
        } catch {
            throw FailureReport.Message("\(config): \(error)")
        }
        guard case .object(let members)? = document?.root else {
            throw FailureReport.Message("\(config): not a jrnl configuration (no settings in it)")
        }
        guard let value = members["timeformat"] else { return nil }
        guard case .string(let timeformat) = value else {
            throw FailureReport.Message("\(config): its timeformat is not text")
        }
        return try format(timeformat, from: config)
    }

    private static func format(_ text: String, from place: String) throws -> JrnlTimeFormat {
        do {
            return try JrnlTimeFormat(text)
        } catch {
            throw FailureReport.Message("\(place): \(error)")
        }
    }
}
