import Foundation
import GRDB
import SurveySyncCore

/// A row of the `survey_form` table: one version of the form, its file kept as given; the one
/// place its columns are named and a version is mapped to them.
struct SurveyFormRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "survey_form"

    /// The columns, named once.
    enum CodingKeys: String, CodingKey {
        case number
        case fileName = "file_name"
        case bytes
        case byteCount = "byte_count"
        case digest
        case uploadedBy = "uploaded_by"
        case uploadedAt = "uploaded_at"
    }

    /// The columns without the file, for a listing.
    static var versionColumns: [any SQLSelectable] {
        [CodingKeys.number, .fileName, .byteCount, .digest, .uploadedBy, .uploadedAt]
            .map { Column($0.rawValue) }
    }

    var number: Int
    var fileName: String
    var bytes: Data
    var byteCount: Int
    var digest: String
    var uploadedBy: String?
    var uploadedAt: Date

    init(_ version: SurveyFormVersion, bytes: [UInt8]) {
        number = version.number
        fileName = version.fileName
        self.bytes = Data(bytes)
        byteCount = version.byteCount
        digest = version.digest
        uploadedBy = version.uploadedBy
        uploadedAt = version.uploadedAt
    }

    /// A version from a row of `versionColumns`.
    static func version(_ row: Row) -> SurveyFormVersion {
        SurveyFormVersion(
            number: row[CodingKeys.number.rawValue], fileName: row[CodingKeys.fileName.rawValue],
            byteCount: row[CodingKeys.byteCount.rawValue], digest: row[CodingKeys.digest.rawValue],
            uploadedBy: row[CodingKeys.uploadedBy.rawValue],
            uploadedAt: row[CodingKeys.uploadedAt.rawValue])
    }

    static let migration = """
        CREATE TABLE survey_form (
            number INTEGER PRIMARY KEY NOT NULL,
            file_name TEXT NOT NULL,
            bytes BLOB NOT NULL,
            byte_count INTEGER NOT NULL,
            digest TEXT NOT NULL,
            uploaded_by TEXT,
            uploaded_at DATETIME NOT NULL
        );
        """
}
