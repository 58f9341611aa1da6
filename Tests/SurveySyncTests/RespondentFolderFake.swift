import Foundation
import SurveySync

/// An in-memory respondents folder with a working ledger, which can be told to fail.
final class RespondentFolderFake: RespondentFolder, @unchecked Sendable {
    var files: [String: String] = [:]
    var unreadable: Set<String> = []
    private(set) var ledger: Data? {
        didSet { if let ledger { ledgerHistory.append(ledger) } }
    }
    /// Every state the ledger has been in, oldest first.
    private(set) var ledgerHistory: [Data] = []
    private(set) var ledgerWrites = 0
    /// When set, ledger writes after this many succeed throw, as if the process died there.
    var ledgerWritesBeforeCrash: Int?

    let location = "/fake/Respondents"

    private let readLock = NSLock()
    private var reads = 0
    /// How many respondent files have been read so far (the sync reads them on other tasks).
    var filesRead: Int { readLock.withLock { reads } }

    func respondentFileNames() throws -> [String] {
        files.keys.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }

    func respondentFiles() throws -> [(name: String, size: Int?)] {
        try respondentFileNames().map { ($0, files[$0]?.utf8.count) }
    }

    func contents(of fileName: String) throws -> String {
        guard let text = files[fileName], !unreadable.contains(fileName) else {
            throw FileReaderError.missingFile(path: "\(location)/\(fileName)")
        }
        readLock.withLock { reads += 1 }
        return text
    }

    func ledgerData() throws -> Data? { ledger }

    func writeLedger(_ data: Data) throws {
        if let limit = ledgerWritesBeforeCrash, ledgerWrites >= limit {
            throw CocoaError(.fileWriteUnknown)
        }
        ledgerWrites += 1
        ledger = data
    }

    func appendToLedger(_ data: Data) throws {
        if let limit = ledgerWritesBeforeCrash, ledgerWrites >= limit {
            throw CocoaError(.fileWriteUnknown)
        }
        ledgerWrites += 1
        ledger = (ledger ?? Data()) + data
    }

    /// Whether a sync holds the folder now.
    private(set) var isClaimed = false

    func claimForSync() throws -> SyncClaim? {
        if isClaimed { return nil }
        isClaimed = true
        return SyncClaim { self.isClaimed = false }
    }

    func setLedger(_ data: Data) {
        ledger = data
    }

    func corruptLedger() {
        ledger = Data("{not json".utf8)
    }
}
