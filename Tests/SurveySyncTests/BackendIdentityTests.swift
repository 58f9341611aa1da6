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
            await backend.restore(
                (identity: "another-store", respondents: copy.respondents, senders: copy.senders))
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
            await backend.restore(
                (identity: "another-store", respondents: whole.respondents, senders: whole.senders))
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

    /// A respondent another device changed since this folder sent it is not sent again: the
    /// folder's copy, unchanged since, is the older one and would replace the newer version.
    /// One the store holds in an older version this device sent is sent again. Each sync says
    /// which; a change to the file's comments alone is no change, and a change to its answers
    /// is sent as any change is.
    @Test func aVersionAnotherDeviceSentIsNotReplacedByTheFoldersOlderCopy() async throws {
        add(1...4)
        _ = try await sync()
        let tablet = RespondentSender(user: "sam", device: "tablet 1")
        try await backend.upsertDirectly(
            [Respondent(id: "2", fields: ["id": 2, "answer": 21])], from: tablet)
        try await backend.upsertDirectly(
            [Respondent(id: "3", fields: ["id": 3, "answer": 31])], from: BackendFake.device)
        let name = try await storeName(backend)
        let report = try await sync()
        #expect(report.summary == "synced 1, unchanged 3, failed 0")
        #expect(
            report.notes == [
                "\(name) no longer holds 1 respondent it acknowledged (restored from an older copy, or changed by another device?): sending it again",
                "\(name) holds another device's newer version of 1 respondent this folder sent (r2.yaml): not sent again, so that this folder's older copy does not replace it",
            ])
        #expect(await backend.stored["2"]?.fields["answer"] == 21)
        #expect(await backend.stored["3"]?.fields["answer"] == 30)
        // The next sync sends nothing, and says so again; so does one after a change to the
        // file's comments alone.
        let again = try await sync()
        #expect(again.summary == "synced 0, unchanged 4, failed 0")
        #expect(again.notes.count == 1)
        #expect(again.notes.first?.contains("another device's newer version of 1") == true)
        folder.files["r2.yaml"] = "id: 2\nanswer: 20  # asked again\n"
        let comment = try await sync()
        #expect(comment.summary == "synced 0, unchanged 4, failed 0")
        #expect(comment.notes.first?.contains("(r2.yaml)") == true)
        #expect(await backend.stored["2"]?.fields["answer"] == 21)
        // A change to its answers is this folder's news, and is sent, and the sync says
        // nothing of holding it back; nor does a dry run before it.
        folder.files["r2.yaml"] = "id: 2\nanswer: 22\n"
        let dry = try await SurveySynchronizer(
            folder: folder, uploader: backend, sleeper: SleeperSpy(), retryDelays: []
        )
        .dryRun()
        #expect(dry.toSend == ["r2.yaml"])
        #expect(!dry.notes.contains { $0.contains("another device") })
        let changed = try await sync()
        #expect(changed.summary == "synced 1, unchanged 3, failed 0")
        #expect(!changed.notes.contains { $0.contains("another device") })
        #expect(await backend.stored["2"]?.fields["answer"] == 22)
    }

    /// A store restored from a copy taken before this folder's version arrived holds another
    /// device's older version: its history lacks this folder's, which is sent again.
    @Test func aStoreRestoredToAnotherDevicesOlderVersionGetsTheFoldersVersionAgain()
        async throws
    {
        let tablet = RespondentSender(user: "sam", device: "tablet 1")
        try await backend.upsertDirectly(
            [Respondent(id: "2", fields: ["id": 2, "answer": 1])], from: tablet)
        let backup = try await backend.snapshot()
        add(1...2)
        _ = try await sync()
        #expect(await backend.stored["2"]?.fields["answer"] == 20)
        await backend.restore(backup)
        let report = try await sync()
        #expect(report.summary == "synced 2, unchanged 0, failed 0")
        #expect(!report.notes.contains { $0.contains("another device's newer version") })
        #expect(await backend.stored["2"]?.fields["answer"] == 20)
    }

    /// A backend that keeps no versions cannot tell: the folder's copy is sent again.
    @Test func aBackendThatKeepsNoVersionsGetsTheFoldersCopyAgain() async throws {
        add(1...1)
        _ = try await sync()
        try await backend.upsertDirectly(
            [Respondent(id: "1", fields: ["id": 1, "answer": 11])],
            from: RespondentSender(user: "sam", device: "tablet 1"))
        await backend.keepNoVersions()
        #expect(try await sync().summary == "synced 1, unchanged 0, failed 0")
        #expect(await backend.stored["1"]?.fields["answer"] == 10)
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
