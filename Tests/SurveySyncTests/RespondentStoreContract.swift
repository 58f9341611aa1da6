import CasebookTestSupport
import Foundation
import PostgresTestSupport
import SurveySync
import SurveySyncPostgres
import Testing

/// What every respondent store promises, run against each implementation: upsert by id, all or
/// nothing; pages in id order; newest first; and, for a verifiable store, an identity of its own
/// and digests that change exactly when its content does.
struct RespondentStoreContract {
    let makeStore: () throws -> any VerifiableRespondentStore

    func upsertsByIdAndCounts() async throws {
        let store = try makeStore()
        let first = try await store.upsert([
            Respondent(id: "a", fields: ["id": "a", "n": 1]),
            Respondent(id: "b", fields: ["id": "b", "n": 2]),
        ])
        #expect(first == UpsertCounts(received: 2, created: 2, updated: 0, unchanged: 0))
        let second = try await store.upsert([
            Respondent(id: "a", fields: ["id": "a", "n": 1]),
            Respondent(id: "b", fields: ["id": "b", "n": 3]),
        ])
        #expect(second == UpsertCounts(received: 2, created: 0, updated: 1, unchanged: 1))
        #expect(try await store.count() == 2)
        #expect(try await store.respondent(id: "b")?.fields["n"] == 3)
        #expect(try await store.respondent(id: "nobody") == nil)
    }

    func pagesInIdOrderAndNewestFirst() async throws {
        let store = try makeStore()
        for id in ["c", "a", "b"] {
            _ = try await store.upsert([Respondent(id: id, fields: ["id": .string(id)])])
        }
        #expect(try await store.respondents(limit: 2, after: nil).map(\.id) == ["a", "b"])
        #expect(try await store.respondents(limit: 2, after: "b").map(\.id) == ["c"])
        #expect(try await store.newestRespondents(limit: 2, offset: 0).map(\.id) == ["b", "a"])
        #expect(try await store.newestRespondents(limit: 5, offset: 2).map(\.id) == ["c"])
    }

    /// Newest first means most recently created or changed: a change moves a respondent to
    /// the front, an upsert that changes nothing does not; a limit of 0 gives none.
    func newestFirstFollowsChanges() async throws {
        let store = try makeStore()
        let ids = (0..<10).map { "r\($0)" }
        for id in ids {
            _ = try await store.upsert([Respondent(id: id, fields: ["id": .string(id)])])
        }
        #expect(try await store.newestRespondents(limit: 10, offset: 0).map(\.id) == ids.reversed())
        _ = try await store.upsert([
            Respondent(id: "r3", fields: ["id": "r3", "n": 1]),
            Respondent(id: "r5", fields: ["id": "r5"]),
        ])
        #expect(
            try await store.newestRespondents(limit: 3, offset: 0).map(\.id) == ["r3", "r9", "r8"])
        #expect(try await store.newestRespondents(limit: 5, offset: 8).map(\.id) == ["r1", "r0"])
        #expect(try await store.newestRespondents(limit: 0, offset: 0).isEmpty)
        #expect(try await store.respondents(limit: 0, after: nil).isEmpty)
        #expect(try await store.respondents(limit: 3, after: "r7").map(\.id) == ["r8", "r9"])
    }

    func hasAnIdentityOfItsOwnThatLasts() async throws {
        let store = try makeStore()
        let identity = try await store.identity()
        #expect(UUID(uuidString: identity) != nil)
        _ = try await store.upsert([Respondent(id: "a", fields: ["id": "a"])])
        #expect(try await store.identity() == identity)
        #expect(try await makeStore().identity() != identity)
    }

    func digestsFollowTheContentExactly() async throws {
        let store = try makeStore()
        #expect(try await store.digestBuckets() == DigestBuckets())
        let respondents = (0..<300).map {
            Respondent(id: "r\($0)", fields: ["id": .string("r\($0)"), "n": .integer($0)])
        }
        _ = try await store.upsert(respondents)
        let expected = DigestBuckets(respondents.map(RespondentDigest.init))
        #expect(try await store.digestBuckets() == expected)
        var inBuckets: [RespondentDigest] = []
        for bucket in 0..<DigestBuckets.count {
            let digests = try await store.digests(inBucket: bucket)
            #expect(digests.map(\.id) == digests.map(\.id).sorted())
            #expect(digests.allSatisfy { RespondentDigest.bucket(ofID: $0.id) == bucket })
            inBuckets += digests
        }
        #expect(Set(inBuckets) == Set(respondents.map(RespondentDigest.init)))
        let changed = Respondent(id: "r7", fields: ["id": "r7", "n": 700])
        _ = try await store.upsert([changed, respondents[8]])
        var after = expected
        after.toggle(RespondentDigest(respondents[7]))
        after.toggle(RespondentDigest(changed))
        #expect(try await store.digestBuckets() == after)
        let bucket = RespondentDigest.bucket(ofID: "r7")
        #expect(try await store.digests(inBucket: bucket).contains(RespondentDigest(changed)))
    }

    /// The JSON a store keeps of each respondent, in id order, a page at a time: what
    /// `JSONWriter` writes of its fields, which reads back as them.
    func givesEachRespondentsJSONInIDOrder() async throws {
        let store = try makeStore()
        let respondents = ["c", "a", "b"].map {
            Respondent(
                id: $0,
                fields: ["id": .string($0), "é \"q\"": .object(["n": 1, "l": [true, .null]])])
        }
        _ = try await store.upsert(respondents)
        let first = try await store.respondentBodies(limit: 2, after: nil)
        #expect(first.map(\.id) == ["a", "b"])
        #expect(first[0].body == JSONWriter.data(.object(respondents[1].fields)))
        #expect(try await store.respondentBodies(limit: 2, after: "b").map(\.id) == ["c"])
        #expect(try JSONParser.parse(first[1].body) == .object(respondents[2].fields))
    }

    /// Text is kept as its bytes: the same letters in another Unicode normalisation (`ö` as
    /// `o` and a combining diaeresis, as macOS may write a file) are a change, stored as sent.
    func aTextInAnotherNormalisationIsAChangeKeptAsSent() async throws {
        let store = try makeStore()
        let composed = Respondent(id: "n1", fields: ["id": "n1", "city": "Malm\u{F6}"])
        let decomposed = Respondent(id: "n1", fields: ["id": "n1", "city": "Malmo\u{308}"])
        _ = try await store.upsert([composed])
        let counts = try await store.upsert([decomposed])
        #expect(counts == UpsertCounts(received: 1, created: 0, updated: 1, unchanged: 0))
        let body = try #require(try await store.respondentBodies(limit: 1, after: nil).first).body
        #expect(body == JSONWriter.data(.object(decomposed.fields)))
        let city = try await store.respondent(id: "n1")?.fields["city"]
        guard case .string(let text)? = city else {
            Issue.record("no city: \(String(describing: city))")
            return
        }
        #expect(Array(text.unicodeScalars) == Array("Malmo\u{308}".unicodeScalars))
    }

    /// Ids are told apart by their bytes, as SQLite and PostgreSQL tell text apart: the same
    /// letters in two Unicode normalisations (two files of one folder may be so named) are two
    /// respondents, each kept as sent.
    func idsInTwoNormalisationsAreTwoRespondents() async throws {
        let store = try makeStore()
        let composed = "Malm\u{F6}"
        let decomposed = "Malmo\u{308}"
        let counts = try await store.upsert([
            Respondent(id: composed, fields: ["id": .string(composed), "n": 1]),
            Respondent(id: decomposed, fields: ["id": .string(decomposed), "n": 2]),
        ])
        #expect(counts == UpsertCounts(received: 2, created: 2, updated: 0, unchanged: 0))
        #expect(try await store.count() == 2)
        #expect(try await store.respondent(id: composed)?.fields["n"] == 1)
        #expect(try await store.respondent(id: decomposed)?.fields["n"] == 2)
        let again = try await store.upsert([
            Respondent(id: decomposed, fields: ["id": .string(decomposed), "n": 3])
        ])
        #expect(again == UpsertCounts(received: 1, created: 0, updated: 1, unchanged: 0))
        #expect(try await store.respondent(id: composed)?.fields["n"] == 1)
        #expect(try await store.respondent(id: decomposed)?.fields["n"] == 3)
    }

    func runAll() async throws {
        try await idsInTwoNormalisationsAreTwoRespondents()
        try await aTextInAnotherNormalisationIsAChangeKeptAsSent()
        try await givesEachRespondentsJSONInIDOrder()
        try await upsertsByIdAndCounts()
        try await pagesInIdOrderAndNewestFirst()
        try await newestFirstFollowsChanges()
        try await hasAnIdentityOfItsOwnThatLasts()
        try await digestsFollowTheContentExactly()
    }
}

@Suite("The respondent store contract")
struct RespondentStoreContractTests {
    @Test func inMemory() async throws {
        try await RespondentStoreContract(makeStore: { InMemoryRespondentStore() }).runAll()
    }

    @Test func sqlite() async throws {
        let directory = try TemporaryDirectory()
        try await RespondentStoreContract(makeStore: {
            try SQLiteRespondentStore(
                path: directory.appending("r-\(UUID().uuidString).sqlite").path)
        }).runAll()
    }

    /// A long run of round trips to PostgreSQL, one after another (`HighPriority`).
    @Test(.highPriority) func postgres() async throws {
        // One database per store the contract makes (one for each check, one more for the
        // identity check's second store).
        try await PostgresTesting.withDatabases(9, schemas: [PostgresRespondentStore.schema]) {
            databases in
            let stores = Stack(databases.map { PostgresRespondentStore(client: $0.client) })
            try await RespondentStoreContract(makeStore: { try stores.pop() }).runAll()
        }
    }

    /// A store created before digests existed gets them, and an identity, when it is opened.
    @Test func anOlderSQLiteStoreIsMigratedWithItsRespondentsDigested() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("old.sqlite").path
        try OlderRespondentDatabase.create(at: path, respondents: ["a": #"{"id":"a","n":1}"#])
        let store = try SQLiteRespondentStore(path: path)
        let a = Respondent(id: "a", fields: ["id": "a", "n": 1])
        #expect(try await store.digestBuckets() == DigestBuckets([RespondentDigest(a)]))
        #expect(UUID(uuidString: try await store.identity()) != nil)
        #expect(try await store.respondent(id: "a") == a)
    }
}

/// Stores made ahead, handed out one at a time.
private final class Stack: @unchecked Sendable {
    private var stores: [any VerifiableRespondentStore]
    private let lock = NSLock()

    struct Empty: Error {}

    init(_ stores: [any VerifiableRespondentStore]) { self.stores = stores }

    func pop() throws -> any VerifiableRespondentStore {
        try lock.withLock {
            guard !stores.isEmpty else { throw Empty() }
            return stores.removeFirst()
        }
    }
}
