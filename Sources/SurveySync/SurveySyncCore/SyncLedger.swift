import Crypto
import Foundation

/// What each backend's store has acknowledged, kept beside the files as a journal of JSON lines
/// that only ever grows by appending (a crash can cut only its last line, which is then
/// ignored), rewritten whole now and then when it holds far more lines than facts:
///
///     {"version":2}
///     {"backend":"<store identity>","address":"http://…"}
///     {"ack":"<store identity>","file":"a.yaml","hash":"<SHA-256 of the file>","id":"42","digest":"<RespondentDigest>"}
///     {"drop":"<store identity>","file":"a.yaml"}
///     {"legacy":"a.yaml","hash":"…","id":"42"}
///
/// A version 1 ledger (`{"version": 1, "files": {…}}`, from before stores had identities) is
/// migrated: its acknowledgements become `legacy`, by a store nobody knows; a sync checks them
/// against the store it talks to before trusting any.
struct SyncLedger: Sendable {
    struct Entry: Equatable, Sendable {
        var contentHash: String
        var respondentID: String
        /// The digest of the respondent the file held; nil for a legacy entry.
        var digest: String?
    }

    struct Backend: Equatable, Sendable {
        var address: String
        var files: [String: Entry] = [:]
    }

    private(set) var backends: [String: Backend] = [:]
    private(set) var legacy: [String: Entry] = [:]
    /// A file acknowledged under each respondent id, by any store.
    /// Keyed by the ids' bytes, as the stores tell ids apart.
    private var fileByRespondentID: [RespondentIDKey: String] = [:]
    /// Journal lines not yet saved.
    private var unsaved: [UInt8] = []
    /// Lines the journal holds once `unsaved` is appended to it (what decides when it is
    /// written whole instead), and whether it must be written whole at the next save.
    private var journalLines = 0
    private var mustRewrite = false

    init() {
        mustRewrite = true
    }

    init(data: Data?, location: String) throws(SyncError) {
        guard let data, !data.isEmpty else {
            mustRewrite = true
            return
        }
        let unusable = SyncError.ledgerUnreadable(
            path: location,
            reason: "it is not a sync ledger (delete it to send every respondent again)")
        if let version1 = try? JSONParser.parse(data), version1["version"] == 1 {
            guard case .object(let entries)? = version1["files"] else { throw unusable }
            for (name, entry) in entries {
                guard case .string(let hash)? = entry["contentHash"],
                    case .string(let id)? = entry["respondentID"]
                else { throw unusable }
                legacy[name] = Entry(contentHash: hash, respondentID: id, digest: nil)
                fileByRespondentID[RespondentIDKey(id)] = name
            }
            mustRewrite = true
            return
        }
        // Split as an array: splitting `Data` itself goes through its slow generic indexing.
        var lines = Array(data).split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // A journal ends with a newline; anything after the last one is a line a crash cut.
        lines.removeLast()
        guard let header = lines.first, (try? JSONParser.parse(header))?["version"] == 2 else {
            throw unusable
        }
        for line in lines.dropFirst() {
            guard let record = try? JSONParser.parse(line), apply(record) else { throw unusable }
        }
        journalLines = lines.count
    }

    // MARK: Reading

    func acknowledgement(of file: String, by store: String) -> Entry? {
        backends[store]?.files[file]
    }

    /// The other file, if any, already acknowledged under `respondentID`.
    func file(otherThan fileName: String, using respondentID: String) -> String? {
        fileByRespondentID[RespondentIDKey(respondentID)].flatMap { $0 == fileName ? nil : $0 }
    }

    /// The respondent a file with this content held, as any store acknowledged it: lets
    /// `verify` skip parsing files it has seen (the content hash is of the file as it is now).
    func knownRespondent(contentHash: String, file: String) -> (id: String, digest: String)? {
        for backend in backends.values {
            if let entry = backend.files[file], entry.contentHash == contentHash,
                let digest = entry.digest
            {
                return (entry.respondentID, digest)
            }
        }
        return nil
    }

    // MARK: Changing

    mutating func addBackend(_ store: String, address: String) {
        guard backends[store]?.address != address else { return }
        backends[store, default: Backend(address: address)].address = address
        journal(["backend": .string(store), "address": .string(address)])
    }

    mutating func acknowledge(_ file: String, _ entry: Entry, by store: String) {
        record(file, entry, by: store)
        Self.writeAcknowledgement(of: file, entry, by: store, to: &unsaved)
        journalLines += 1
    }

    /// Notes an acknowledgement, made now or read from the journal: a file acknowledged under
    /// another id before lets go of that one.
    private mutating func record(_ file: String, _ entry: Entry, by store: String) {
        if let previous = backends[store]?.files[file],
            fileByRespondentID[RespondentIDKey(previous.respondentID)] == file
        {
            fileByRespondentID[RespondentIDKey(previous.respondentID)] = nil
        }
        backends[store, default: Backend(address: "")].files[file] = entry
        fileByRespondentID[RespondentIDKey(entry.respondentID)] = file
    }

    /// The store no longer holds what it acknowledged for `file`.
    mutating func withdraw(_ file: String, by store: String) {
        guard backends[store]?.files.removeValue(forKey: file) != nil else { return }
        journal(["drop": .string(store), "file": .string(file)])
    }

    // MARK: Saving

    /// What to save: the lines to append, or (`whole`) the ledger to write in their place.
    mutating func takeChanges() -> (data: Data, whole: Bool)? {
        let facts = backends.values.reduce(legacy.count) { $0 + $1.files.count } + backends.count
        if mustRewrite || journalLines > 2 * facts + 64 {
            let whole = encodedWhole()
            mustRewrite = false
            unsaved.removeAll()
            return (whole.data, true)
        }
        guard !unsaved.isEmpty else { return nil }
        defer {
            unsaved.removeAll(keepingCapacity: true)
        }
        return (Data(unsaved), false)
    }

    /// Saves what changed to `folder`: appended to its journal, or written whole.
    mutating func save(to folder: any RespondentFolder, path: String, report: SyncReport)
        throws(SyncError)
    {
        guard let changes = takeChanges() else { return }
        do {
            if changes.whole {
                try folder.writeLedger(changes.data)
            } else {
                try folder.appendToLedger(changes.data)
            }
        } catch {
            throw .ledgerNotSaved(path: path, reason: "\(error)", report: report)
        }
    }

    /// The whole ledger as a fresh journal: one line per fact.
    private mutating func encodedWhole() -> (data: Data, lines: Int) {
        var output: [UInt8] = Array(#"{"version":2}"#.utf8) + [0x0A]
        var lines = 1
        func line(_ value: JSONValue) {
            JSONWriter.write(value, to: &output)
            output.append(0x0A)
            lines += 1
        }
        for (name, entry) in legacy.sorted(by: { $0.key < $1.key }) {
            line([
                "legacy": .string(name), "hash": .string(entry.contentHash),
                "id": .string(entry.respondentID),
            ])
        }
        for (store, backend) in backends.sorted(by: { $0.key < $1.key }) {
            line(["backend": .string(store), "address": .string(backend.address)])
            for (name, entry) in backend.files.sorted(by: { $0.key < $1.key }) {
                Self.writeAcknowledgement(of: name, entry, by: store, to: &output)
                lines += 1
            }
        }
        journalLines = lines
        return (Data(output), lines)
    }

    /// An acknowledgement's line, as `JSONWriter` would write its record (keys in sorted
    /// order) and a newline, written straight: no dictionary to build and sort for each file.
    private static func writeAcknowledgement(
        of file: String, _ entry: Entry, by store: String, to output: inout [UInt8]
    ) {
        func field(_ key: String, _ value: String?) {
            output.append(contentsOf: key.utf8)
            if let value {
                JSONWriter.writeString(value, to: &output)
            } else {
                output.append(contentsOf: "null".utf8)
            }
        }
        field(#"{"ack":"#, store)
        field(#","digest":"#, entry.digest)
        field(#","file":"#, file)
        field(#","hash":"#, entry.contentHash)
        field(#","id":"#, entry.respondentID)
        output.append(contentsOf: "}\n".utf8)
    }

    private mutating func journal(_ record: JSONValue) {
        JSONWriter.write(record, to: &unsaved)
        unsaved.append(0x0A)
        journalLines += 1
    }

    /// Applies one journal line; false when it is not one.
    private mutating func apply(_ record: JSONValue) -> Bool {
        switch (record["backend"], record["ack"], record["drop"], record["legacy"]) {
        case (.string(let store)?, nil, nil, nil):
            guard case .string(let address)? = record["address"] else { return false }
            backends[store, default: Backend(address: address)].address = address
        case (nil, .string(let store)?, nil, nil):
            guard case .string(let file)? = record["file"],
                case .string(let hash)? = record["hash"],
                case .string(let id)? = record["id"]
            else { return false }
            var digest: String?
            if case .string(let text)? = record["digest"] { digest = text }
            self.record(file, Entry(contentHash: hash, respondentID: id, digest: digest), by: store)
        case (nil, nil, .string(let store)?, nil):
            guard case .string(let file)? = record["file"] else { return false }
            backends[store]?.files[file] = nil
        case (nil, nil, nil, .string(let file)?):
            guard case .string(let hash)? = record["hash"], case .string(let id)? = record["id"]
            else { return false }
            legacy[file] = Entry(contentHash: hash, respondentID: id, digest: nil)
            fileByRespondentID[RespondentIDKey(id)] = file
        default:
            return false
        }
        return true
    }

    /// The SHA-256 of the text's UTF-8 bytes, in lowercase hex.
    static func contentHash(of text: String) -> String {
        RespondentDigest.hex(SHA256.hash(data: Data(text.utf8)))
    }
}
