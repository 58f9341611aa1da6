import Crypto
import Foundation

/// What has been acknowledged by the backend: each file's content hash and respondent id.
struct SyncLedger: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var contentHash: String
        var respondentID: String
    }

    private(set) var version = 1
    private(set) var files: [String: Entry] = [:]

    init() {}

    init(data: Data?, location: String) throws(SyncError) {
        guard let data else { return }
        do {
            self = try JSONDecoder().decode(SyncLedger.self, from: data)
        } catch {
            throw .ledgerUnreadable(
                path: location,
                reason: "it is not a sync ledger (delete it to send every respondent again)")
        }
    }

    func isAcknowledged(_ fileName: String, contentHash: String) -> Bool {
        files[fileName]?.contentHash == contentHash
    }

    /// The other file, if any, already acknowledged under `respondentID`.
    func file(otherThan fileName: String, using respondentID: String) -> String? {
        files.first { $0.key != fileName && $0.value.respondentID == respondentID }?.key
    }

    mutating func record(_ fileName: String, contentHash: String, respondentID: String) {
        files[fileName] = Entry(contentHash: contentHash, respondentID: respondentID)
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    static func contentHash(of text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
