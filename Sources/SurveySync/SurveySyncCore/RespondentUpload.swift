import CasebookZip

/// Respondent files sent other than by a sync (from a browser): each read by the same parser
/// and limits as a sync reads a folder's (`RespondentParser`), then all of them stored in one
/// upsert, with what became of each file: stored, unchanged (the store held it already, the
/// same), or refused and why. A file's name is its last path component (a browser sends no
/// folder, and one that does is not followed), and names the respondent that has no `id`.
///
/// A `.zip` among the files is unpacked (`ZipReader`), and each file in it read as if it were
/// uploaded alone, named in the report by its path in the archive (`team.zip/forms/ada.yaml`).
/// The files of every ZIP count against the upload's limits, `mostFiles` and `mostBytes`.
public enum RespondentUpload {
    /// The most files an upload holds, those inside its ZIP files included.
    public static let mostFiles = 10_000
    /// The most bytes the files inside an upload's ZIP files unpack to, in all.
    public static let mostBytes = 64 * 1024 * 1024

    public struct File: Sendable {
        public let name: String
        public let bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public enum Outcome: Equatable, Sendable {
        case stored, unchanged
        case refused(String)
    }

    public struct Report: Sendable {
        public var files: [(name: String, outcome: Outcome)] = []
        public var counts = UpsertCounts()
        /// The respondents the upload stored (created or changed), as they were read.
        public var stored: [Respondent] = []
        /// The place in `files` of each stored respondent's file, by its id.
        public var fileOfStored: [String: Int] = [:]

        public var refused: Int {
            files.count { if case .refused = $0.outcome { true } else { false } }
        }
    }

    public static func upload(_ files: some Collection<File>, to store: any RespondentStore)
        async throws -> Report
    {
        try await upload(files, to: store, sentBy: .unknown)
    }

    /// The same, recording `sender` as who sent them (in a store that keeps senders).
    public static func upload(
        _ files: some Collection<File>, to store: any RespondentStore,
        sentBy sender: RespondentSender
    ) async throws -> Report {
        var report = Report()
        var read: [(index: Int, respondent: Respondent)] = []
        // Keyed by the ids' bytes, as the stores tell ids apart.
        var owners: [RespondentIDKey: String] = [:]
        var unpacked = 0
        for file in files {
            let name = baseName(file.name)
            // Each file of the upload, or of its ZIP: its name in the report, the name it is
            // read under, and its bytes.
            var members: [(shown: String, name: String, bytes: Result<[UInt8], UploadRefusal>)] =
                [(name, name, .success(file.bytes))]
            if name.lowercased().hasSuffix(".zip") {
                do {
                    let limits = ZipReader.Limits(
                        mostEntries: max(0, mostFiles - report.files.count),
                        mostEntryBytes: RespondentParser.maximumFileSize,
                        mostBytes: max(0, mostBytes - unpacked))
                    members = try ZipReader.entries(in: file.bytes, limits: limits).map { entry in
                        let inner = baseName(entry.name)
                        return (
                            name + "/" + entry.name, inner,
                            entry.contents.mapError { UploadRefusal("\(inner): \($0)") }
                        )
                    }
                } catch {
                    members = [(name, name, .failure(UploadRefusal("\(name): \(error)")))]
                }
            }
            for (shown, inner, bytes) in members {
                report.files.append((shown, .stored))
                do throws(UploadRefusal) {
                    let contents = try bytes.get()
                    if shown != name { unpacked += contents.count }
                    let respondent = try self.respondent(in: contents, named: inner)
                    if let owner = owners[RespondentIDKey(respondent.id)] {
                        throw UploadRefusal(
                            "\(inner): its id '\(respondent.id)' is also \(owner)'s")
                    }
                    owners[RespondentIDKey(respondent.id)] = shown
                    read.append((report.files.count - 1, respondent))
                } catch {
                    report.files[report.files.count - 1].outcome = .refused(error.message)
                }
            }
        }
        var changed: [Respondent] = []
        // What the store holds already: by digests in one question when it can tell them,
        // else respondent by respondent.
        let held = try await (store as? any ReviewedRespondentStore)?.digests(
            ofIDs: read.map(\.respondent.id))
        for (index, respondent) in read {
            let unchanged =
                if let held {
                    held[respondent.id] == RespondentDigest(respondent).digest
                } else {
                    try await store.respondent(id: respondent.id).map(RespondentDigest.init)?
                        .digest == RespondentDigest(respondent).digest
                }
            if unchanged {
                report.files[index].outcome = .unchanged
            } else {
                changed.append(respondent)
            }
        }
        report.counts = try await store.upsert(changed, sentBy: sender)
        report.stored = changed
        let changedIDs = Set(changed.map { RespondentIDKey($0.id) })
        for (index, respondent) in read where changedIDs.contains(RespondentIDKey(respondent.id)) {
            report.fileOfStored[respondent.id] = index
        }
        report.counts.received = read.count
        report.counts.unchanged += read.count - changed.count
        return report
    }

    private struct UploadRefusal: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private static func respondent(in bytes: [UInt8], named name: String)
        throws(UploadRefusal) -> Respondent
    {
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"),
            name != ".yaml", name != ".yml"
        else {
            throw UploadRefusal("\(name): a respondent file's name ends in .yaml or .yml")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw UploadRefusal("its name holds a control character")
        }
        guard bytes.count <= RespondentParser.maximumFileSize else {
            throw UploadRefusal(
                "\(name): the file is larger than \(RespondentParser.maximumFileSize) bytes")
        }
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw UploadRefusal("\(name): the file is not UTF-8 text without NUL")
        }
        do {
            return try RespondentParser.respondent(fromYAML: text, fileName: name)
        } catch {
            throw UploadRefusal("\(error)")
        }
    }

    /// The last component of a path a client sent (`a/b.yaml` and `a\b.yaml` are `b.yaml`).
    static func baseName(_ name: String) -> String {
        let last = name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last
        return last.map(String.init) ?? name
    }
}
