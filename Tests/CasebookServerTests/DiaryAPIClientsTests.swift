import CasebookServer
import CasebookTestSupport
import CasebookWire
import Diary
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// What a client that keeps no diary of its own needs of the API (the command line with
/// `--server`): ids found by their first characters, entries added with the ids and dates
/// they have elsewhere, days named in the client's time zone, and the diary's revision.
@Suite("The diary API for clients of their own", .serialized)
struct DiaryAPIClientsTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
    }

    static func object(_ buffer: ByteBuffer) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]
            ?? [:]
    }

    private func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void)
        async throws
    {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            try await body($0)
        }
    }

    @Test func idsAreFoundByTheirFirstCharacters() async throws {
        let first = Entry(
            id: UUID(uuidString: "ABCD0000-0000-4000-8000-000000000001")!,
            date: Date(timeIntervalSince1970: 1_000), text: "one")
        let second = Entry(
            id: UUID(uuidString: "ABCD1000-0000-4000-8000-000000000002")!,
            date: Date(timeIntervalSince1970: 2_000), text: "two")
        try stores.diary.save(first)
        try stores.diary.save(second)
        try await test { client in
            let both = try await client.execute(uri: "/api/diary/ids?prefix=abcd", method: .get)
            #expect(both.status == .ok)
            let ids = try Self.object(both.body)["ids"] as? [String]
            #expect(
                Set(ids ?? []) == [EntryIDText.text(of: first.id), EntryIDText.text(of: second.id)])
            let one = try await client.execute(
                uri: "/api/diary/ids?prefix=ABCD1&limit=5", method: .get)
            #expect(
                try Self.object(one.body)["ids"] as? [String] == [EntryIDText.text(of: second.id)])
            let none = try await client.execute(uri: "/api/diary/ids?prefix=ffff", method: .get)
            #expect(try Self.object(none.body)["ids"] as? [String] == [])
            let limited = try await client.execute(
                uri: "/api/diary/ids?prefix=abcd&limit=1", method: .get)
            #expect((try Self.object(limited.body)["ids"] as? [String])?.count == 1)
        }
    }

    @Test(arguments: [
        "abcg", "abcd%", "abcd_", "abcd0000_", "-", String(repeating: "a", count: 37),
    ])
    func aPrefixNoIDCouldStartWithIsA400NamingIt(prefix: String) async throws {
        try await test { client in
            let answer = try await client.execute(
                uri:
                    "/api/diary/ids?prefix=\(prefix.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                method: .get)
            #expect(answer.status == .badRequest)
            #expect(try Self.object(answer.body)["parameter"] as? String == "prefix")
        }
    }

    @Test func withoutAPrefixAnyIDComesAndABadLimitIsA400NamingIt() async throws {
        try stores.diary.save(Entry(date: Date(timeIntervalSince1970: 1_000), text: "one"))
        try await test { client in
            let any = try await client.execute(uri: "/api/diary/ids", method: .get)
            #expect((try Self.object(any.body)["ids"] as? [String])?.count == 1)
            let limit = try await client.execute(
                uri: "/api/diary/ids?prefix=abcd&limit=101", method: .get)
            #expect(limit.status == .badRequest)
            #expect(try Self.object(limit.body)["parameter"] as? String == "limit")
        }
    }

    @Test func importedEntriesKeepTheirIDsAndDatesAndComeOnce() async throws {
        let body = """
            {"entries": [
              {"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2020-02-29T23:59:59.123Z", "text": "leap #day"},
              {"id": "0f0e0d0c-0b0a-4900-8800-000000000002", "date": "2021-03-01T08:00:00Z", "text": "spring", "starred": true}
            ]}
            """
        try await test { client in
            let first = try await client.execute(
                uri: "/api/diary/import", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: body))
            #expect(first.status == .ok)
            let added = try Self.object(first.body)
            #expect(added["added"] as? Int == 2)
            #expect(added["present"] as? Int == 0)
            let again = try await client.execute(
                uri: "/api/diary/import", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: body))
            let second = try Self.object(again.body)
            #expect(second["added"] as? Int == 0)
            #expect(second["present"] as? Int == 2)
        }
        let leap = try #require(
            try stores.diary.entry(id: UUID(uuidString: "0f0e0d0c-0b0a-4900-8800-000000000001")!))
        #expect(leap.text == "leap #day")
        #expect(WireDateText.text(of: leap.date) == "2020-02-29T23:59:59.123Z")
        #expect(try stores.diary.count() == 2)
        let stars = try #require(stores.diary as? any DiaryStars)
        #expect(
            try stars.starred(among: [UUID(uuidString: "0f0e0d0c-0b0a-4900-8800-000000000002")!])
                .count == 1)
    }

    @Test(arguments: [
        (
            #"{"entries": [{"id": "x", "date": "2021-03-01T08:00:00Z", "text": "a"}]}"#,
            "entries[0].id"
        ),
        (
            #"{"entries": [{"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2021-03-01T08:00:00Z", "text": "a"}, {"id": "0f0e0d0c-0b0a-4900-8800-000000000002", "date": "March", "text": "b"}]}"#,
            "entries[1].date"
        ),
        (
            #"{"entries": [{"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2021-03-01T08:00:00Z", "text": "  "}]}"#,
            "entries[0].text"
        ),
        (
            #"{"entries": [{"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2021-03-01T08:00:00Z"}]}"#,
            "entries[0].text"
        ),
        (#"{"entries": {}}"#, "entries"),
        (
            #"{"entries": [{"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2021-03-01T08:00:00Z", "text": "a"}, {"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2021-03-02T08:00:00Z", "text": "b"}]}"#,
            "entries[1].id"
        ),
        (
            #"{"entries": [{"id": "0f0e0d0c-0b0a-4900-8800-000000000001", "date": "2021-03-01T08:00:00Z", "text": "a", "starred": "yes"}]}"#,
            "entries[0].starred"
        ),
    ])
    func aMalformedImportIsRefusedWholeNamingTheField(body: String, field: String) async throws {
        try await test { client in
            let answer = try await client.execute(
                uri: "/api/diary/import", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: body))
            #expect(answer.status == .badRequest)
            #expect(try Self.object(answer.body)["field"] as? String == field)
        }
        #expect(try stores.diary.count() == 0)
    }

    @Test func daysAreTheReadersWhenATimeZoneIsNamed() async throws {
        // 23:30 on 1 March in UTC is already 2 March in Rome.
        try stores.diary.save(
            Entry(date: Date(timeIntervalSince1970: 1_614_641_400), text: "late"))
        try await test { client in
            let utc = try await client.execute(
                uri: "/api/diary?from=2021-03-02", method: .get)
            #expect((try Self.object(utc.body)["entries"] as? [Any])?.count == 0)
            let rome = try await client.execute(
                uri: "/api/diary?from=2021-03-02&tz=Europe/Rome", method: .get)
            #expect((try Self.object(rome.body)["entries"] as? [Any])?.count == 1)
            let next = try await client.execute(
                uri: "/api/diary?from=2021-03-02&tz=Europe/Rome&limit=1", method: .get)
            #expect(next.status == .ok)
        }
    }

    /// An instant finer than the millisecond bounds a list at the next millisecond: an entry
    /// of 08:00:00.000 precedes 08:00:00.0005, and is not from it.
    @Test func aBoundFinerThanTheMillisecondIsTheNextMillisecond() async throws {
        try stores.diary.save(Entry(date: Date(timeIntervalSince1970: 1_614_585_600), text: "a"))
        try await test { client in
            func count(_ query: String) async throws -> Int? {
                let answer = try await client.execute(uri: "/api/diary?\(query)", method: .get)
                return (try Self.object(answer.body)["entries"] as? [Any])?.count
            }
            let counts = [
                try await count("before=2021-03-01T08:00:00.0005Z"),
                try await count("before=2021-03-01T08:00:00.000Z"),
                try await count("from=2021-03-01T08:00:00.0005Z"),
                try await count("from=2021-03-01T08:00:00.000Z"),
            ]
            #expect(counts == [1, 0, 0, 1])
        }
    }

    /// `UTC` and the tz database's names that ICU's list has under an older name
    /// (`Asia/Kolkata`, `Asia/Calcutta` there) are zones too.
    @Test(arguments: [
        "UTC", "Etc/UTC", "Asia/Kolkata", "Asia/Calcutta", "US/Eastern", "Etc/GMT%2B5",
        "Etc/GMT-14", "Etc/GMT%2B12",
    ])
    func aZoneByAnyOfItsNamesIsTaken(zone: String) async throws {
        try await test { client in
            let answer = try await client.execute(uri: "/api/diary?tz=\(zone)", method: .get)
            #expect(answer.status == .ok)
        }
    }

    @Test(arguments: [
        "Mars/Olympus", "../../etc/passwd", "", "Europe//Rome", "europe/rome", "GMT+0130", "utc",
        "posix/Europe/Rome", "Etc", "Etc/GMT+15", "Etc/GMT-0130", "Etc/GMT+05", "Etc/GMT++5",
    ])
    func aTimeZoneNoOneHasIsA400NamingIt(zone: String) async throws {
        try await test { client in
            let answer = try await client.execute(
                uri:
                    "/api/diary?tz=\(zone.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                method: .get)
            #expect(answer.status == .badRequest)
            #expect(try Self.object(answer.body)["parameter"] as? String == "tz")
        }
    }

    @Test func aListSaysTheDiarysRevisionWhichEveryChangeMoves() async throws {
        try await test { client in
            let name = HTTPField.Name("Casebook-Diary-Revision")!
            let before = try await client.execute(uri: "/api/diary", method: .get)
            let first = try #require(before.headers[name].flatMap { Int($0) })
            _ = try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "a"}"#))
            let after = try await client.execute(uri: "/api/diary", method: .get)
            let second = try #require(after.headers[name].flatMap { Int($0) })
            #expect(second != first)
        }
    }

    /// A search's results say where each entry has the words found: `marks`, pairs of
    /// offsets in UTF-16 code units (as JavaScript indexes a string), start and end.
    @Test func searchResultsMarkTheWordsFound() async throws {
        try stores.diary.save(
            Entry(date: Date(timeIntervalSince1970: 1_000), text: "☕ Café au lait, walking"))
        try stores.diary.save(Entry(date: Date(timeIntervalSince1970: 2_000), text: "no match"))
        try await test { client in
            let found = try await client.execute(uri: "/api/diary?q=cafe%20walk*", method: .get)
            let entries = try #require(try Self.object(found.body)["entries"] as? [[String: Any]])
            #expect(entries.count == 1)
            #expect(entries.first?["marks"] as? [[Int]] == [[2, 6], [16, 23]])
            let listed = try await client.execute(uri: "/api/diary", method: .get)
            let all = try #require(try Self.object(listed.body)["entries"] as? [[String: Any]])
            #expect(all.allSatisfy { $0["marks"] == nil })
        }
    }
}
