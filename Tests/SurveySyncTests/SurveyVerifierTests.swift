import Foundation
import SurveySync
import Testing

@testable import SurveySyncCore

/// `verify` proves the backend has everything, by content, without trusting the ledger: it
/// says `identical N`, or which respondents are missing, different or only on the backend.
@Suite("Verifying a folder against a backend")
struct SurveyVerifierTests {
    let folder = RespondentFolderFake()
    let backend = BackendFake()

    func sync() async throws -> SyncReport {
        try await SurveySynchronizer(
            folder: folder, uploader: backend, sleeper: SleeperSpy(), retryDelays: [], batchSize: 2
        ).sync()
    }

    var verifier: SurveyVerifier {
        SurveyVerifier(folder: folder, backend: backend, sleeper: SleeperSpy(), retryDelays: [])
    }

    func add(_ ids: ClosedRange<Int>) {
        for id in ids { folder.files["r\(id).yaml"] = "id: \(id)\nanswer: \(id * 10)\n" }
    }

    @Test func anIdenticalFolderIsIdenticalInOneRequest() async throws {
        add(1...300)
        _ = try await sync()
        let report = try await verifier.verify()
        #expect(report.summary == "identical 300")
        #expect(report.isIdentical())
        #expect(
            await backend.bucketsListed.isEmpty, "no bucket was compared respondent by respondent")
    }

    /// On a backend that keeps who sent what, respondents in the store that another device sent
    /// are counted, never a difference; those the folder's own token sent still are.
    @Test func respondentsAnotherDeviceSentAreCountedNotDifferences() async throws {
        add(1...3)
        _ = try await sync()
        _ = try await backend.upsertDirectly(
            (7...9).map { Respondent(id: "\($0)", fields: ["id": .integer($0)]) })
        await backend.answerSentByCaller(["1", "2", "3", "9"])
        let report = try await verifier.verify()
        #expect(report.fromOtherDevices == 2)
        #expect(report.differences.map(\.description) == ["only on backend 9"])
        #expect(
            report.summary
                == "identical 3, missing 0, different 0, only on backend 1, from other devices 2")
        #expect(await backend.senderQuestions == [["7", "8", "9"]])
        await backend.answerSentByCaller(["1", "2", "3"])
        let fine = try await verifier.verify()
        #expect(fine.isIdentical())
        #expect(fine.summary == "identical 3, from other devices 3")
    }

    @Test func whatDiffersIsNamedRespondentByRespondent() async throws {
        add(1...3)
        _ = try await sync()
        folder.files["r2.yaml"] = "id: 2\nanswer: changed\n"
        add(4...4)
        _ = try await backend.upsertDirectly([Respondent(id: "99", fields: ["id": 99])])
        let report = try await verifier.verify()
        #expect(
            report.differences.map(\.description) == [
                "different 2 (r2.yaml)", "missing 4 (r4.yaml)", "only on backend 99",
            ])
        #expect(report.summary == "identical 2, missing 1, different 1, only on backend 1")
        #expect(!report.isIdentical())
        #expect(!report.isIdentical(allowingExtra: true))
    }

    /// The ledger says the store has everything; the store, restored from an older copy,
    /// does not. Verify believes the store.
    @Test func theLedgerIsNotTrusted() async throws {
        add(1...2)
        _ = try await sync()
        let backup = try await backend.snapshot()
        add(3...3)
        _ = try await sync()
        await backend.restore(backup)
        let report = try await verifier.verify()
        #expect(report.differences.map(\.description) == ["missing 3 (r3.yaml)"])
    }

    /// One rule decides which file stands for an id, in sync, verify and repair alike: the
    /// file the ledger recorded for it, else the first in the folder's order. A later file
    /// claiming that id — here one whose name sorts first — is a duplicate, reported as sync
    /// reports it, never compared and never sent.
    @Test func aFileClaimingAnIdAnotherStandsForIsReportedNeverSent() async throws {
        folder.files["z.yaml"] = "id: same\nanswer: first\n"
        _ = try await sync()
        folder.files["a.yaml"] = "id: same\nanswer: impostor\n"
        let synced = try await sync()
        #expect(synced.failures.map(\.message) == ["a.yaml: id 'same' is already used by z.yaml"])
        let verified = try await verifier.verify()
        #expect(
            verified.summary
                == "identical 1, missing 0, different 0, only on backend 0, unreadable 1")
        #expect(verified.failures.map(\.message) == ["a.yaml: id 'same' is already used by z.yaml"])
        let repaired = try await verifier.repair()
        #expect(repaired.repaired == 0)
        let stored = try await backend.snapshot()
        #expect(stored.respondents.map { $0.fields["answer"] } == ["first"])
    }

    /// The ledger's file stands for an id only while it is in the folder: once it is gone,
    /// the file that now claims the id is the respondent, for sync and verify alike.
    @Test func aFileTakesUpTheIdOfAFileThatIsGone() async throws {
        folder.files["z.yaml"] = "id: same\nanswer: first\n"
        _ = try await sync()
        folder.files["z.yaml"] = nil
        folder.files["a.yaml"] = "id: same\nanswer: moved\n"
        let verified = try await verifier.verify()
        #expect(verified.failures.isEmpty)
        #expect(verified.differences.map(\.description) == ["different same (a.yaml)"])
        let synced = try await sync()
        #expect(synced.failures.isEmpty)
        #expect(try await verifier.verify().summary == "identical 1")
    }

    @Test func repairSendsWhatIsMissingOrDifferentAndRecordsIt() async throws {
        add(1...3)
        _ = try await sync()
        await backend.replaceStore()
        _ = try await backend.upsertDirectly([Respondent(id: "2", fields: ["id": 2, "answer": 0])])
        let repaired = try await verifier.repair()
        #expect(
            repaired.summary == "identical 0, missing 2, different 1, only on backend 0; repaired 3"
        )
        #expect(try await verifier.verify().summary == "identical 3")
        let rerun = try await sync()
        #expect(rerun.summary == "synced 0, unchanged 3, failed 0")
    }

    /// A repair into a store the folder never synced to records that store in the ledger at
    /// the backend's address, as a sync would: the ledger says where each acknowledgement was
    /// made, not only by which store.
    @Test func repairRecordsTheStoreItSentToAtTheBackendsAddress() async throws {
        add(1...2)
        let repaired = try await verifier.repair()
        #expect(repaired.repaired == 2)
        let ledger = try SyncLedger(data: folder.ledger, location: "ledger")
        let store = try await backend.storeIdentity()
        #expect(ledger.backends[store]?.address == "http://backend.test")
        #expect(ledger.backends[store]?.files.keys.sorted() == ["r1.yaml", "r2.yaml"])
    }

    /// Respondents only on the backend (sent there from another folder, say) make the folder
    /// not identical to the store, unless extra respondents are allowed.
    @Test func respondentsOnlyOnTheBackendAreIdenticalOnlyWhenExtraOnesAreAllowed() async throws {
        add(1...2)
        _ = try await sync()
        _ = try await backend.upsertDirectly([Respondent(id: "99", fields: ["id": 99])])
        let report = try await verifier.verify()
        #expect(report.summary == "identical 2, missing 0, different 0, only on backend 1")
        #expect(!report.isIdentical())
        #expect(report.isIdentical(allowingExtra: true))
    }

    @Test func aRepairOfOneRespondentSaysSo() async throws {
        add(1...1)
        let repaired = try await verifier.repair()
        #expect(
            repaired.summary == "identical 0, missing 1, different 0, only on backend 0; repaired 1"
        )
    }

    @Test func aFileThatCannotBeReadIsAFailureNotAMatch() async throws {
        add(1...2)
        _ = try await sync()
        folder.files["broken.yaml"] = "id: [\n"
        let report = try await verifier.verify()
        #expect(report.failures.map(\.file) == ["broken.yaml"])
        #expect(!report.isIdentical())
        #expect(
            report.summary == "identical 2, missing 0, different 0, only on backend 0, unreadable 1"
        )
    }

    /// Left to its defaults, a verification retries an unavailable backend as a sync does
    /// (after 250 ms, 1 s and 4 s, then it stops), and a repair sends 500 respondents a request.
    @Test func byDefaultRetriesAsASyncDoesAndRepairsFiveHundredAtOnce() async throws {
        add(1...501)
        let sleeper = SleeperSpy()
        let verifier = SurveyVerifier(folder: folder, backend: backend, sleeper: sleeper)
        let down = UploadError.unavailable("down")
        await backend.failNext(down, down, down, down)
        await #expect(throws: SyncError.self) { try await verifier.verify() }
        #expect(await sleeper.delays == [.milliseconds(250), .seconds(1), .seconds(4)])
        _ = try await verifier.repair()
        #expect(await backend.uploads.map(\.count) == [500, 1])
        #expect(try await verifier.verify().summary == "identical 501")
    }

    @Test func anUnreachableBackendIsAClearError() async throws {
        add(1...1)
        await backend.failNext(.unavailable("connection refused"))
        await #expect {
            try await verifier.verify()
        } throws: { error in
            "\(error)" == "cannot reach the backend at http://backend.test: connection refused"
        }
    }
}
