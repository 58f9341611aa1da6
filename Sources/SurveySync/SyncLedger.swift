import Crypto
import Foundation

/// What the backend has acknowledged: each file's content hash and respondent id, saved as
/// `{"version": 1, "files": {"name.yaml": {"contentHash": "…", "respondentID": "…"}}}`.
struct SyncLedger: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var contentHash: String
        var respondentID: String
    }

    private(set) var files: [String: Entry] = [:]
    /// The file that holds each acknowledged respondent id.
    private var fileByRespondentID: [String: String] = [:]

    init() {}

    init(data: Data?, location: String) throws(SyncError) {
        guard let data else { return }
        let unusable = SyncError.ledgerUnreadable(
            path: location,
            reason: "it is not a sync ledger (delete it to send every respondent again)")
        guard let json = try? JSONParser.parse(data), json["version"] == 1,
            case .object(let entries)? = json["files"]
        else { throw unusable }
        for (name, entry) in entries {
            guard case .string(let hash)? = entry["contentHash"],
                case .string(let id)? = entry["respondentID"]
            else { throw unusable }
            record(name, contentHash: hash, respondentID: id)
        }
    }

    func isAcknowledged(_ fileName: String, contentHash: String) -> Bool {
        files[fileName]?.contentHash == contentHash
    }

    /// The other file, if any, already acknowledged under `respondentID`.
    func file(otherThan fileName: String, using respondentID: String) -> String? {
        fileByRespondentID[respondentID].flatMap { $0 == fileName ? nil : $0 }
    }

    mutating func record(_ fileName: String, contentHash: String, respondentID: String) {
        if let previous = files[fileName], fileByRespondentID[previous.respondentID] == fileName {
            fileByRespondentID[previous.respondentID] = nil
        }
        files[fileName] = Entry(contentHash: contentHash, respondentID: respondentID)
        fileByRespondentID[respondentID] = fileName
    }

    /// The ledger as JSON, written directly: it is rewritten after every batch, so it must be
    /// cheap however many files it holds.
    func encoded() -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(files.count * 160 + 32)
        output.append(contentsOf: #"{"version":1,"files":{"#.utf8)
        for (position, (name, entry)) in files.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(name, to: &output)
            output.append(contentsOf: #":{"contentHash":"#.utf8)
            JSONWriter.writeString(entry.contentHash, to: &output)
            output.append(contentsOf: #","respondentID":"#.utf8)
            JSONWriter.writeString(entry.respondentID, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        output.append(contentsOf: "}}".utf8)
        return Data(output)
    }

    /// The SHA-256 of the text's UTF-8 bytes, in lowercase hex.
    static func contentHash(of text: String) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(text.utf8)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
