import Foundation
import SurveySync
import Testing

@testable import SurveySyncCore

/// A sync knows which store it talked to: acknowledgements are kept per store, a store new to
/// the folder gets everything, a store that lost what it acknowledged (restored from an older
/// copy) gets that again, and each run says so — never the quiet "unchanged" of a store that
/// has nothing.
@Suite("Syncing to a backend whose store may change")
struct BackendIdentityTests {
    let folder = RespondentFolderFake()
    let backend = BackendFake()

    func sync(to backend: BackendFake? = nil, in folder: RespondentFolderFake? = nil)
        async throws -> SyncReport
    {
        try await SurveySynchronizer(
            folder: folder ?? self.folder, uploader: backend ?? self.backend, sleeper: SleeperSpy(),
            retryDelays: [.milliseconds(1)], batchSize: 2
        ).sync()
    }

    func add(_ ids: ClosedRange<Int>, to folder: RespondentFolderFake? = nil) {
        for id in ids {
            (folder ?? self.folder).files["r\(id).yaml"] = "id: \(id)\nanswer: \(id * 10)\n"
        }
    }

    /// The sync stops, saying that the store changed under it.
    func expectTheSyncStoppedByAChangedStore(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await #expect(sourceLocation: sourceLocation) {
            try await sync()
        } throws: { error in
            "\(error)".contains("its store changed during the sync")
        }
    }

    func storeName(_ backend: BackendFake) async throws -> String {
        "backend http://backend.test (store \(try await backend.storeIdentity().prefix(8)))"
    }

    @Test func aStoreNewToTheFolderGetsEverythingAndTheSyncSaysWhy() async throws {
        add(1...3)
        let first = try await sync()
        #expect(first.summary == "synced 3, unchanged 0, failed 0")
        #expect(
            first.notes == ["\(try await storeName(backend)) is new to this folder: sending all 3"])
        #expect(try await sync().notes.isEmpty)
        await backend.replaceStore()
        let again = try await sync()
        #expect(again.summary == "synced 3, unchanged 0, failed 0")
        #expect(
            again.notes == ["\(try await storeName(backend)) is new to this folder: sending all 3"])
        #expect(await backend.stored.count == 3)
    }

    @Test func aStoreRestoredFromAnOlderCopyGetsWhatItLost() async throws {
        add(1...3)
        _ = try await sync()
        let backup = try await backend.snapshot()
        add(4...5)
        folder.files["r2.yaml"] = "id: 2\nanswer: changed\n"
        #expect(try await sync().summary == "synced 3, unchanged 2, failed 0")
        await backend.restore(backup)
        let report = try await sync()
        #expect(report.summary == "synced 3, unchanged 2, failed 0")
        #expect(
            report.notes == [
                "\(try await storeName(backend)) no longer holds 3 respondents it acknowledged (restored from an older copy, or changed by another device?): sending them again"
            ])
        #expect(await backend.stored.count == 5)
        #expect(await backend.stored["2"]?.fields["answer"] == "changed")
    }

    /// A store that lost more respondents than one lookup may ask about (10,000, as the server
    /// allows) is asked about them in lookups the server takes, and gets them all again.
    @Test func aStoreThatLostMoreThanOneLookupHoldsIsAskedInLookupsTheServerTakes() async throws {
        add(1...10_001)
        let emptied = try await backend.snapshot()
        let synchronizer = SurveySynchronizer(
            folder: folder, uploader: backend, sleeper: SleeperSpy(), retryDelays: [],
            batchSize: 500)
        #expect(try await synchronizer.sync().summary == "synced 10,001, unchanged 0, failed 0")
        await backend.restore(emptied)
        #expect(try await synchronizer.sync().summary == "synced 10,001, unchanged 0, failed 0")
        #expect(await backend.lookups == [10_000, 1])
        #expect(await backend.stored.count == 10_001)
    }

    @Test func oneFolderSyncedToTwoBackendsInTurnKeepsEachUpToDate() async throws {
        let other = BackendFake()
        add(1...3)
        _ = try await sync(to: backend)
        #expect(try await sync(to: other).summary == "synced 3, unchanged 0, failed 0")
        #expect(try await sync(to: backend).summary == "synced 0, unchanged 3, failed 0")
        add(4...4)
        #expect(try await sync(to: backend).summary == "synced 1, unchanged 3, failed 0")
        #expect(try await sync(to: other).summary == "synced 1, unchanged 3, failed 0")
        #expect(await backend.stored.count == 4)
        #expect(await other.stored.count == 4)
    }

    @Test func twoFoldersSyncedToOneBackendNeitherCrossesOverNorLoses() async throws {
        let second = RespondentFolderFake()
        add(1...3)
        add(4...6, to: second)
        _ = try await sync(in: folder)
        _ = try await sync(in: second)
        for each in [folder, second] {
            let rerun = try await sync(in: each)
            #expect(rerun.summary == "synced 0, unchanged 3, failed 0")
            #expect(rerun.notes.isEmpty)
        }
        #expect(await backend.stored.keys.sorted() == ["1", "2", "3", "4", "5", "6"])
    }

    @Test func aStoreThatChangesMidSyncStopsItAndARerunCompletes() async throws {
        add(1...6)
        await backend.before(.upload) { backend in await backend.replaceStore() }
        await #expect {
            try await sync()
        } throws: { error in
            "\(error)".hasPrefix(
                "cannot reach the backend at http://backend.test: its store changed during the sync"
            )
        }
        let rerun = try await sync()
        #expect(rerun.summary == "synced 6, unchanged 0, failed 0")
        #expect(await backend.stored.count == 6)
    }

    /// So does a store that changes while the sync checks what it holds, even for one that
    /// holds the same respondents: what the ledger records is always one store's word.
    @Test func aStoreThatChangesWhileItsContentsAreCheckedStopsTheSync() async throws {
        add(1...3)
        _ = try await sync()
        let copy = try await backend.snapshot()
        await backend.before(.bucketSummary) { backend in
            await backend.restore((identity: "another-store", respondents: copy.respondents))
        }
        await expectTheSyncStoppedByAChangedStore()
    }

    /// And one that changes while the respondents it may have lost are looked up.
    @Test func aStoreThatChangesWhileItsLossesAreLookedUpStopsTheSync() async throws {
        add(1...3)
        _ = try await sync()
        let backup = try await backend.snapshot()
        add(4...4)
        _ = try await sync()
        let whole = try await backend.snapshot()
        await backend.restore(backup)
        await backend.before(.lookup) { backend in
            await backend.restore((identity: "another-store", respondents: whole.respondents))
        }
        await expectTheSyncStoppedByAChangedStore()
    }

    @Test func aStoreThatCannotSayWhatItHoldsStopsTheSyncNamingTheBackend() async throws {
        add(1...2)
        _ = try await sync()
        await backend.failNext(
            .unavailable("HTTP 502: bad gateway"), .unavailable("HTTP 502: bad gateway"))
        await #expect {
            try await sync()
        } throws: { error in
            "\(error)" == "cannot reach the backend at http://backend.test: HTTP 502: bad gateway"
        }
        #expect(try await sync().summary == "synced 0, unchanged 2, failed 0")
    }

    /// A ledger from before stores had identities is migrated, not discarded: what the store
    /// already holds exactly is not sent again; the rest is.
    @Test func anOlderLedgerIsCheckedAgainstTheStoreNotTrustedNorDiscarded() async throws {
        add(1...3)
        _ = try await backend.upsertDirectly([
            Respondent(id: "1", fields: ["id": 1, "answer": 10]),
            Respondent(id: "2", fields: ["id": 2, "answer": 999]),
        ])
        folder.setLedger(Self.versionOneLedger(for: folder.files))
        let report = try await sync()
        #expect(report.summary == "synced 2, unchanged 1, failed 0")
        #expect(
            report.notes == [
                "\(try await storeName(backend)) is new to this folder: of 3 respondents an older ledger recorded, 2 are there already; the rest are sent"
            ])
        #expect(await backend.stored["2"]?.fields["answer"] == 20)
        let ledger = try #require(folder.ledger)
        #expect(ledger.starts(with: Data(#"{"version":2}"#.utf8)))
        #expect(try await sync().summary == "synced 0, unchanged 3, failed 0")
    }

    /// A store that lost a single respondent says so too.
    @Test func aStoreThatLostOneRespondentGetsItAndSaysSo() async throws {
        add(1...2)
        _ = try await sync()
        let backup = try await backend.snapshot()
        add(3...3)
        _ = try await sync()
        await backend.restore(backup)

        let report = try await sync()

        #expect(report.summary == "synced 1, unchanged 2, failed 0")
        #expect(report.notes.count == 1)
        #expect(report.notes.first?.contains("no longer holds 1 respondent") == true)
    }

    /// Only what the store lost is sent again: a respondent it still holds exactly stays
    /// "unchanged", even when it shares its digest bucket with one that was lost (so the
    /// bucket's summary differs and both are looked up).
    @Test func aRespondentStillHeldIsNotSentAgainThoughItsBucketLostAnother() async throws {
        let (kept, lost) = try #require(Self.twoIDsInOneBucket())
        add(kept...kept)
        _ = try await sync()
        let backup = try await backend.snapshot()
        add(lost...lost)
        _ = try await sync()
        await backend.restore(backup)

        let report = try await sync()

        #expect(report.summary == "synced 1, unchanged 1, failed 0")
        #expect(report.notes.first?.contains("no longer holds 1 respondent") == true)
        #expect(await backend.uploads.last == ["\(lost)"])
    }

    /// The first two of the ids 1, 2, 3 … whose digests fall in the same bucket.
    static func twoIDsInOneBucket() -> (Int, Int)? {
        var seen: [Int: Int] = [:]
        for id in 1...1_000 {
            let bucket = RespondentDigest.bucket(ofID: "\(id)")
            if let first = seen[bucket] { return (first, id) }
            seen[bucket] = id
        }
        return nil
    }

    /// An acknowledgement without a digest (as an older version of the ledger wrote them) says
    /// nothing of what the store holds: once the store is found to differ, it is never assumed
    /// held, even when its own bucket shows no difference.
    @Test func anAcknowledgementWithoutADigestIsNeverAssumedHeldByAStoreThatDiffers()
        async throws
    {
        add(1...1)
        _ = try await sync()
        let backup = try await backend.snapshot()
        add(2...3)
        _ = try await sync()
        await backend.restore(backup)
        #expect(
            Set(["1", "2", "3"].map { RespondentDigest.bucket(ofID: $0) }).count == 3,
            "the three ids need buckets of their own")
        // r2.yaml's acknowledgement loses its digest: its bucket now agrees with the store,
        // which lost it; r3.yaml's bucket still shows the store's loss.
        let ledger = try #require(folder.ledger)
        let lines = String(decoding: ledger, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let edited = lines.map { line in
            line.contains(#""file":"r2.yaml""#)
                ? String(line.replacing(/"digest":"[0-9a-f]+"/, with: #""digest":null"#))
                : String(line)
        }
        #expect(edited.filter { $0.contains(#""digest":null"#) }.count >= 1)
        folder.setLedger(Data(edited.joined(separator: "\n").utf8))

        let report = try await sync()

        #expect(report.summary == "synced 2, unchanged 1, failed 0")
        #expect(await backend.stored.keys.sorted() == ["1", "2", "3"])
    }

    /// A store the folder knows but that acknowledged nothing yet (every file failed) has lost
    /// nothing: the next sync says nothing about it.
    @Test func aKnownStoreThatAcknowledgedNothingHasLostNothing() async throws {
        folder.files["bad.yaml"] = "id: [\n"
        #expect(try await sync().summary == "synced 0, unchanged 0, failed 1")

        let again = try await sync()

        #expect(again.summary == "synced 0, unchanged 0, failed 1")
        #expect(again.notes.isEmpty)
    }

    /// An older ledger whose respondents the store already holds exactly: nothing is sent, and
    /// the migration is saved, so that the next sync neither asks the store again nor says so.
    @Test func anOlderLedgerMigratedWithNothingToSendIsSaved() async throws {
        add(1...2)
        _ = try await backend.upsertDirectly([
            Respondent(id: "1", fields: ["id": 1, "answer": 10]),
            Respondent(id: "2", fields: ["id": 2, "answer": 20]),
        ])
        folder.setLedger(Self.versionOneLedger(for: folder.files))
        #expect(try await sync().summary == "synced 0, unchanged 2, failed 0")
        #expect(try #require(folder.ledger).starts(with: Data(#"{"version":2}"#.utf8)))

        let again = try await sync()

        #expect(again.summary == "synced 0, unchanged 2, failed 0")
        #expect(again.notes.isEmpty)
    }

    @Test func aLedgerCutInItsLastLineByACrashStillLoads() async throws {
        add(1...3)
        _ = try await sync()
        folder.setLedger(try #require(folder.ledger) + Data(#"{"ack":"x","fi"#.utf8))
        #expect(try await sync().summary == "synced 0, unchanged 3, failed 0")
    }

    @Test func theLedgerGrowsByAppendingAndIsRewrittenWhenItOutgrowsItsContent() async throws {
        add(1...4)
        _ = try await sync()
        let afterFirst = try #require(folder.ledger).count
        // Two batches of two, each saved as it is acknowledged: no line is written twice.
        let firstLines = try #require(folder.ledger).split(separator: UInt8(ascii: "\n"))
        #expect(Set(firstLines).count == firstLines.count)
        add(5...5)
        _ = try await sync()
        let appended = try #require(folder.ledger)
        #expect(appended.count > afterFirst)
        #expect(
            appended.prefix(afterFirst)
                == folder.ledgerHistory[folder.ledgerHistory.count - 2].prefix(afterFirst))
        for round in 0..<200 {
            folder.files["r1.yaml"] = "id: 1\nanswer: \(round)\n"
            _ = try await sync()
        }
        let lines = try #require(folder.ledger).split(separator: UInt8(ascii: "\n")).count
        #expect(lines <= 2 * 6 + 65, "the journal is compacted: \(lines) lines after 200 changes")
    }

    static func versionOneLedger(for files: [String: String]) -> Data {
        var entries: [String: JSONValue] = [:]
        for (name, text) in files {
            let id = String(name.dropFirst().dropLast(5))
            entries[name] = [
                "contentHash": .string(SyncLedger.contentHash(of: text)),
                "respondentID": .string(id),
            ]
        }
        return Data(JSONWriter.data(["version": 1, "files": .object(entries)]))
    }
}
