import Foundation
import SurveySync
import Testing

@testable import SurveySyncCore

@Suite("Syncing respondents to the backend")
struct SurveySynchronizerTests {
    let folder = RespondentFolderFake()
    let backend = BackendFake()
    let sleeper = SleeperSpy()

    func synchronizer(batchSize: Int = 2) -> SurveySynchronizer {
        SurveySynchronizer(
            folder: folder, uploader: backend, sleeper: sleeper,
            retryDelays: [.milliseconds(100), .milliseconds(400)], batchSize: batchSize)
    }

    func addRespondents(_ count: Int) {
        for number in 1...count {
            folder.files[String(format: "r%03d.yaml", number)] =
                "id: \(number)\nanswer: \(number * 10)\n"
        }
    }

    /// Each file's fields are written as canonical JSON once, for the digest, and the
    /// respondent keeps those bytes for its upload.
    @Test func aScannedRespondentKeepsTheJSONItsDigestIsOf() throws {
        folder.files["a.yaml"] = "id: a\nscore: 2.5\ntags: [x, y]\n"
        let outcomes = RespondentFileScan.scan(
            ["a.yaml"], RespondentFileScan.Reader(folder: folder), isKnown: { _, _ in false })
        guard case .parsed(let parsed)? = outcomes.first else {
            Issue.record("a.yaml was not parsed: \(outcomes)")
            return
        }
        let json = #"{"id":"a","score":2.5,"tags":["x","y"]}"#
        #expect(
            parsed.respondent.keptCanonicalJSON.map { String(decoding: $0, as: UTF8.self) } == json)
        #expect(parsed.digest == RespondentDigest.digest(of: parsed.respondent.fields))
    }

    @Test func sendsEveryNewRespondentInBatches() async throws {
        addRespondents(5)
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 5, unchanged 0, failed 0")
        #expect(await backend.uploads == [["1", "2"], ["3", "4"], ["5"]])
        #expect(await backend.stored["3"]?.fields["answer"] == 30)
    }

    /// An id in Unicode's decomposed form looks like its composed spelling, which the stores
    /// tell apart by bytes: its file is refused, naming the rule, and the composed one sent.
    @Test func anIdInDecomposedFormIsRefused() async throws {
        folder.files["a.yaml"] = "id: Malm\u{F6}\n"
        folder.files["b.yaml"] = "id: Malmo\u{308}\n"
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 1, unchanged 0, failed 1")
        #expect(report.failures.map(\.file) == ["b.yaml"])
        #expect(
            report.failures.first?.message.contains("is not in Unicode's composed form") == true)
        let sent = await backend.uploads.flatMap { $0 }.map { Array($0.unicodeScalars) }
        #expect(sent == [Array("Malm\u{F6}".unicodeScalars)])
    }

    /// A dry run says which files a sync would send, and why not the others, and sends and
    /// records nothing: the sync after it sends exactly those.
    @Test func aDryRunSaysWhatWouldBeSentAndSendsNothing() async throws {
        addRespondents(3)
        _ = try await synchronizer().sync()
        folder.files["r002.yaml"] = "id: 2\nanswer: 21\n"
        folder.files["r004.yaml"] = "id: 4\n"
        folder.files["bad.yaml"] = "id: [\n"
        let ledger = folder.ledger
        let uploads = await backend.uploads
        let planned = try await synchronizer().dryRun()
        #expect(planned.toSend == ["r002.yaml", "r004.yaml"])
        #expect(planned.synced == 0)
        #expect(planned.unchanged == 2)
        #expect(planned.failures.map(\.file) == ["bad.yaml"])
        #expect(planned.summary == "would send 2, unchanged 2, failed 1")
        #expect(folder.ledger == ledger)
        #expect(await backend.uploads == uploads)
        _ = try await synchronizer().sync()
        #expect(await backend.uploads.dropFirst(uploads.count).flatMap { $0 } == ["2", "4"])
    }

    /// Left to its defaults, a sync waits 250 ms, 1 s and 4 s before retrying an unavailable
    /// backend, then stops; and it sends 500 respondents a request.
    @Test func byDefaultRetriesAfterAQuarterSecondASecondAndFourSecondsAndSendsFiveHundredAtOnce()
        async throws
    {
        addRespondents(1_001)
        let synchronizer = SurveySynchronizer(folder: folder, uploader: backend, sleeper: sleeper)
        let down = UploadError.unavailable("down")
        await backend.failNext(down, down, down, down)
        await #expect(throws: SyncError.self) { try await synchronizer.sync() }
        #expect(await sleeper.delays == [.milliseconds(250), .seconds(1), .seconds(4)])
        #expect(try await synchronizer.sync().summary == "synced 1,001, unchanged 0, failed 0")
        #expect(await backend.uploads.suffix(3).map(\.count) == [500, 500, 1])
    }

    @Test func aSecondSyncOfTheFolderIsRefusedWhileTheFirstHoldsIt() async throws {
        addRespondents(3)
        let first = try #require(try folder.claimForSync())
        do {
            _ = try await synchronizer().sync()
            Issue.record("a second sync ran beside the first")
        } catch {
            #expect(
                error.description
                    == "another sync of /fake/Respondents is running; try again when it has finished"
            )
        }
        #expect(await backend.uploadedIDCount == 0)
        #expect(folder.ledger == nil)
        first.end()
        #expect(try await synchronizer().sync().summary == "synced 3, unchanged 0, failed 0")
    }

    @Test func theFolderIsFreeAgainAfterASyncThatFailed() async throws {
        addRespondents(1)
        await backend.failNext(.unavailable("down"), .unavailable("down"), .unavailable("down"))
        await #expect(throws: SyncError.self) { try await synchronizer().sync() }
        #expect(!folder.isClaimed)
        #expect(try await synchronizer().sync().summary == "synced 1, unchanged 0, failed 0")
        #expect(!folder.isClaimed)
    }

    @Test func theLedgerKeepsFileNamesThatNeedEscaping() async throws {
        let names = ["quote\"d.yaml", "back\\slash.yml", "über café.yaml", "tab\tand\u{1}.yaml"]
        for (number, name) in names.enumerated() { folder.files[name] = "id: \(number)\n" }
        #expect(try await synchronizer().sync().summary == "synced 4, unchanged 0, failed 0")
        #expect(try await synchronizer().sync().summary == "synced 0, unchanged 4, failed 0")
        let ledger = try #require(folder.ledger)
        let lines = ledger.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count > names.count)
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line)) is [String: Any])
        }
    }

    /// What a sync holds at once is bounded by bytes, not only by count: a batch never carries
    /// more than `SurveySynchronizer.maximumBatchBytes` of files (but always at least one), so
    /// a folder of large files neither balloons the sync's memory nor outgrows the server's
    /// request limit.
    @Test func batchesOfLargeFilesStayUnderTheByteBudget() async throws {
        let note = String(repeating: "x", count: 900 * 1024)
        for number in 1...12 {
            folder.files[String(format: "big%02d.yaml", number)] = "id: \(number)\nnote: \(note)\n"
        }
        let report = try await synchronizer(batchSize: 500).sync()
        #expect(report.summary == "synced 12, unchanged 0, failed 0")
        let sizes = await backend.uploads.map(\.count)
        #expect(sizes == [4, 4, 4], "4 files of 900 KiB fit under 4 MiB, a fifth does not")
    }

    /// The budget, 4 MiB, is a bound, not a limit short of it: files that fill it exactly go
    /// together, and a file more goes in the next batch.
    @Test func filesThatFillTheByteBudgetExactlyAreOneBatch() async throws {
        let half = 2 * 1024 * 1024
        for number in 1...2 {
            let text = "id: \(number)\nnote: \n"
            folder.files["big\(number).yaml"] =
                "id: \(number)\nnote: " + String(repeating: "x", count: half - text.utf8.count)
                + "\n"
        }
        #expect(folder.files.values.map(\.utf8.count) == [half, half])
        folder.files["small.yaml"] = "id: 3\n"

        let report = try await synchronizer(batchSize: 500).sync()

        #expect(report.summary == "synced 3, unchanged 0, failed 0")
        #expect(await backend.uploads == [["1", "2"], ["3"]])
    }

    /// Files are read and parsed a chunk at a time, each chunk at most a batch of files and
    /// `maximumBatchBytes` of them, so that no more than two chunks are held at once.
    @Test func filesAreReadInChunksBoundedByCountAndBytes() {
        let mib = 1024 * 1024
        let sizes: [Int?] = [3 * mib, mib, 1, nil, 2 * mib, 2 * mib, 5 * mib, 10]
        #expect(
            SurveySynchronizer.chunks(of: sizes, files: 3, bytes: 4 * mib)
                == [0..<2, 2..<5, 5..<6, 6..<7, 7..<8])
        #expect(SurveySynchronizer.chunks(of: [], files: 3, bytes: 4 * mib).isEmpty)
        // Small files: every chunk, not only the first, is cut at the count.
        #expect(
            SurveySynchronizer.chunks(of: Array(repeating: 10, count: 10), files: 3, bytes: 4 * mib)
                == [0..<3, 3..<6, 6..<9, 9..<10])
        // A first file over the budget is a chunk of its own, with no empty chunk before it.
        #expect(
            SurveySynchronizer.chunks(of: [5 * mib, 1], files: 3, bytes: 4 * mib) == [0..<1, 1..<2])
        // A file of unknown size adds nothing, even to a full chunk; a chunk after a cut fills
        // its budget exactly, as the first does.
        #expect(SurveySynchronizer.chunks(of: [4 * mib, nil], files: 3, bytes: 4 * mib) == [0..<2])
        #expect(
            SurveySynchronizer.chunks(of: [4 * mib, 2 * mib, 2 * mib], files: 3, bytes: 4 * mib)
                == [0..<1, 1..<3])
    }

    /// A batch goes out as soon as it is full, before the files after the next chunk are read:
    /// a sync holds a few chunks of a folder, never the whole folder, however large it is.
    @Test func sendsEachBatchAsSoonAsItIsFullBeforeReadingMuchFurther() async throws {
        addRespondents(8)
        var readAtEachSend: [Int] = []
        let report = try await synchronizer(batchSize: 2).sync { _ in
            readAtEachSend.append(folder.filesRead)
        }
        #expect(report.summary == "synced 8, unchanged 0, failed 0")
        #expect(readAtEachSend.count == 4)
        #expect(readAtEachSend.first.map { $0 <= 4 } == true, "\(readAtEachSend)")
    }

    /// The same holds when batches fill by bytes long before they fill by count: a batch of
    /// large files goes out once the files waiting reach `maximumBatchBytes`, not only when
    /// there are `batchSize` of them or the folder is read to its end.
    @Test func sendsABatchAsSoonAsItFillsByBytesBeforeReadingMuchFurther() async throws {
        let note = String(repeating: "x", count: 900 * 1024)
        for number in 1...16 {
            folder.files[String(format: "big%02d.yaml", number)] = "id: \(number)\nnote: \(note)\n"
        }
        var readAtEachSend: [Int] = []
        let recorder = ProgressRecorder()
        let report = try await synchronizer(batchSize: 500).sync {
            readAtEachSend.append(folder.filesRead)
            recorder.record($0)
        }
        #expect(report.summary == "synced 16, unchanged 0, failed 0")
        // Chunks of 4 files (3.5 MiB); the waiting files pass 4 MiB with the second chunk, while
        // at most the third is being read ahead.
        #expect(readAtEachSend.first.map { $0 <= 12 } == true, "\(readAtEachSend)")
        // Files read but still waiting for a batch are not counted as handled.
        #expect(recorder.steps == ["4/16", "8/16", "12/16", "16/16"])
    }

    @Test func aRerunSendsNothingThatWasAlreadyAcknowledged() async throws {
        addRespondents(3)
        _ = try await synchronizer().sync()
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 0, unchanged 3, failed 0")
        #expect(await backend.uploadedIDCount == 3)
    }

    @Test func aRerunSendsNewAndChangedFilesOnly() async throws {
        addRespondents(3)
        _ = try await synchronizer().sync()
        folder.files["r002.yaml"] = "id: 2\nanswer: changed\n"
        folder.files["r004.yml"] = "id: 4\n"
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 2, unchanged 2, failed 0")
        #expect(await backend.uploads.last == ["2", "4"])
        #expect(await backend.stored["2"]?.fields["answer"] == "changed")
    }

    @Test func aBrokenFileIsReportedWhereItBreaksAndTheOthersStillSync() async throws {
        addRespondents(2)
        folder.files["bad.yaml"] = "id: 9\nname: [oops\n"
        folder.files["list.yaml"] = "- 1\n"
        folder.files["gone.yaml"] = "id: 10\n"
        folder.unreadable = ["gone.yaml"]
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 2, unchanged 0, failed 3")
        #expect(report.failures.map(\.file) == ["bad.yaml", "gone.yaml", "list.yaml"])
        #expect(report.failures[0].message.hasPrefix("bad.yaml:3:"))
        #expect(report.failures[1].message == "cannot read /fake/Respondents/gone.yaml")
        #expect(await backend.stored.keys.sorted() == ["1", "2"])
    }

    @Test func aBrokenFileIsTriedAgainNextTime() async throws {
        folder.files["a.yaml"] = "id: [\n"
        _ = try await synchronizer().sync()
        folder.files["a.yaml"] = "id: a\n"
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 1, unchanged 0, failed 0")
    }

    @Test func twoFilesClaimingOneIdAreNotBothSent() async throws {
        folder.files["a.yaml"] = "id: same\n"
        folder.files["b.yaml"] = "id: same\n"
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 1, unchanged 0, failed 1")
        #expect(report.failures.first?.message == "b.yaml: id 'same' is already used by a.yaml")
        folder.files["c.yaml"] = "id: same\n"
        let rerun = try await synchronizer().sync()
        #expect(
            rerun.failures.map(\.message).contains("c.yaml: id 'same' is already used by a.yaml"))
    }

    /// A file whose id changed lets go of the old id, so that another file may take it up on
    /// the next sync, with the ledger read back from its journal.
    @Test func anIdAFileGaveUpCanBeTakenByAnother() async throws {
        folder.files["a.yaml"] = "id: old\n"
        _ = try await synchronizer().sync()
        folder.files["a.yaml"] = "id: new\n"
        _ = try await synchronizer().sync()
        folder.files["b.yaml"] = "id: old\n"

        let report = try await synchronizer().sync()

        #expect(report.summary == "synced 1, unchanged 1, failed 0")
        #expect(await backend.stored.keys.sorted() == ["new", "old"])
    }

    @Test func retriesAnUnavailableBackendWithGrowingWaits() async throws {
        addRespondents(1)
        await backend.failNext(.unavailable("HTTP 503"), .unavailable("connection refused"))
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 1, unchanged 0, failed 0")
        #expect(await sleeper.delays == [.milliseconds(100), .milliseconds(400)])
    }

    @Test func stopsWhenTheBackendStaysDownAndRecordsNothingUnacknowledged() async throws {
        addRespondents(4)
        await backend.failNext(.unavailable("never mind"))  // first batch: retried, then fine
        _ = try await synchronizer().sync()
        folder.files["r001.yaml"] = "id: 1\nanswer: new\n"
        await backend.failNext(
            .unavailable("connection refused"), .unavailable("connection refused"),
            .unavailable("connection refused"))
        await #expect {
            try await synchronizer().sync()
        } throws: { error in
            guard case .backendUnavailable(let destination, let reason, _) = error as? SyncError
            else { return false }
            return destination == "http://backend.test" && reason == "connection refused"
        }
        #expect(await backend.stored["1"]?.fields["answer"] == 10)
        let rerun = try await synchronizer().sync()
        #expect(rerun.summary == "synced 1, unchanged 3, failed 0")
    }

    @Test func aRespondentTheServerRefusesIsReportedAndTheRestContinue() async throws {
        addRespondents(4)
        await backend.reject(id: "3", message: "field 'age' is too large")
        let report = try await synchronizer(batchSize: 4).sync()
        #expect(report.summary == "synced 3, unchanged 0, failed 1")
        #expect(
            report.failures.first?.message == "r003.yaml: refused (422): field 'age' is too large")
        #expect(await backend.stored.keys.sorted() == ["1", "2", "4"])
    }

    @Test func anInterruptedSyncResumesWithNothingLostOrDuplicated() async throws {
        addRespondents(6)
        folder.ledgerWritesBeforeCrash = 1  // dies after the server took batch 2, before the ledger
        await #expect(throws: SyncError.self) { try await synchronizer().sync() }
        folder.ledgerWritesBeforeCrash = nil
        let report = try await synchronizer().sync()
        #expect(report.summary == "synced 4, unchanged 2, failed 0")
        #expect(await backend.stored.count == 6)
        #expect(await backend.uploads == [["1", "2"], ["3", "4"], ["3", "4"], ["5", "6"]])
    }

    @Test func aCorruptLedgerIsAClearErrorNamingIt() async throws {
        addRespondents(1)
        folder.corruptLedger()
        await #expect {
            try await synchronizer().sync()
        } throws: { error in
            "\(error)".contains("/fake/Respondents/.casebook-sync-ledger.json")
        }
    }

    /// A batch size below one (a slip in a configuration) sends one respondent a request,
    /// rather than empty requests without end.
    @Test(arguments: [0, -3])
    func aBatchSizeBelowOneSendsOneRespondentARequest(batchSize: Int) async throws {
        addRespondents(3)
        let report = try await synchronizer(batchSize: batchSize).sync()
        #expect(report.summary == "synced 3, unchanged 0, failed 0")
        #expect(await backend.uploads == [["1"], ["2"], ["3"]])
    }

    @Test func reportsProgressAfterEachBatch() async throws {
        addRespondents(5)
        let recorder = ProgressRecorder()
        _ = try await synchronizer().sync { recorder.record($0) }
        #expect(recorder.steps == ["2/5", "4/5", "5/5"])
    }
}

final class ProgressRecorder: @unchecked Sendable {
    private(set) var steps: [String] = []

    func record(_ progress: SyncProgress) {
        steps.append("\(progress.sent)/\(progress.total)")
    }
}
