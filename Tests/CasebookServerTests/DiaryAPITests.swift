import CasebookServer
import CasebookTestSupport
import Diary
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite("The diary API", .serialized)
struct DiaryAPITests {
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

    @Test func createsReadsUpdatesListsAndDeletesEntries() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            let id = try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "first"}"#)
            ) { response in
                #expect(response.status == .created)
                return try Self.object(response.body)["id"] as? String
            }
            let entryID = try #require(id)
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "edited"}"#)
            ) { response in
                let body = try Self.object(response.body)
                #expect(body["text"] as? String == "edited")
            }
            try await client.execute(uri: "/api/diary?limit=10", method: .get) { response in
                let entries = try Self.object(response.body)["entries"] as? [[String: Any]]
                #expect(entries?.map { $0["text"] as? String } == ["edited"])
            }
            try await client.execute(uri: "/api/diary/\(entryID)", method: .delete) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/diary/\(entryID)", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// An entry is written on the day it happened: `date` dates a new one and moves one
    /// updated; a date that is not RFC 3339 is refused, naming it, and nothing is written.
    @Test func aDateDatesANewEntryAndMovesAnUpdatedOne() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            let id = try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(
                    string: #"{"text": "last summer", "date": "2025-07-14T19:30:00Z"}"#)
            ) { response in
                #expect(response.status == .created)
                let body = try Self.object(response.body)
                #expect(body["date"] as? String == "2025-07-14T19:30:00.000Z")
                return body["id"] as? String
            }
            let entryID = try #require(id)
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: RouteFixture.json,
                body: ByteBuffer(
                    string: #"{"text": "the summer before", "date": "2024-07-14T19:30:00+02:00"}"#)
            ) { response in
                let body = try Self.object(response.body)
                #expect(body["date"] as? String == "2024-07-14T17:30:00.000Z")
            }
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "kept its date"}"#)
            ) { response in
                let kept = try Self.object(response.body)
                #expect(kept["date"] as? String == "2024-07-14T17:30:00.000Z")
            }
            try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "when?", "date": "last tuesday"}"#)
            ) { response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(answer["field"] as? String == "date")
            }
            for date in ["null", "1700000000", #""""#] {
                try await client.execute(
                    uri: "/api/diary", method: .post, headers: RouteFixture.json,
                    body: ByteBuffer(string: #"{"text": "when?", "date": "# + date + "}")
                ) { response in
                    #expect(response.status == .badRequest, "\(date)")
                }
            }
        }
        #expect(try stores.diary.count() == 1)
    }

    /// A text's body is read strictly, as every wire type is: a member but `text` is refused,
    /// naming it, and nothing is written.
    @Test func aTextWithAnUnknownMemberIsRefusedNamingIt() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "first", "mood": "calm"}"#)
            ) { response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(answer["field"] as? String == "mood")
                #expect(
                    answer["detail"] as? String
                        == #"unknown field 'mood': the body must be {"text": "…"}"#)
            }
        }
        #expect(try stores.diary.count() == 0)
    }

    /// Pages by cursor: each page gives `next` and a `Link` to the page after it, none on the
    /// last; an entry added meanwhile moves nothing; an offset still works as before.
    @Test func pagesByCursorWithLinksStableWhileEntriesAreAdded() async throws {
        let base = Date(timeIntervalSinceReferenceDate: 700_000_000)
        for number in 0..<7 {
            try stores.diary.save(
                Entry(date: base.addingTimeInterval(Double(number)), text: "\(number)"))
        }
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            var texts: [String] = []
            var uri: String? = "/api/diary?limit=3"
            var pages = 0
            while let next = uri {
                uri = try await client.execute(uri: next, method: .get) { response in
                    #expect(response.status == .ok)
                    let body = try Self.object(response.body)
                    let entries = try #require(body["entries"] as? [[String: Any]])
                    texts += entries.compactMap { $0["text"] as? String }
                    let link = response.headers[HTTPField.Name("Link")!]
                    guard let cursor = body["next"] as? String else {
                        #expect(body["next"] is NSNull)
                        #expect(link == nil)
                        return nil
                    }
                    #expect(link == "</api/diary?limit=3&cursor=\(cursor)>; rel=\"next\"")
                    return "/api/diary?limit=3&cursor=\(cursor)"
                }
                pages += 1
                if pages == 1 { _ = try await Self.add("newest", client) }
            }
            #expect(texts == ["6", "5", "4", "3", "2", "1", "0"])
            #expect(pages == 3)
            try await client.execute(uri: "/api/diary?limit=2&offset=3", method: .get) {
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(entries?.compactMap { $0["text"] as? String } == ["4", "3"])
            }
            // A position need not be an entry's: before every entry of instant 5 (its id is
            // above all others), then one skipped.
            let highest = try #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"))
            let atFive = DiaryCursor(date: base.addingTimeInterval(5), id: highest)
            try await client.execute(
                uri: "/api/diary?limit=2&offset=1&cursor=\(atFive.token)", method: .get
            ) {
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(entries?.compactMap { $0["text"] as? String } == ["4", "3"])
            }
            // An offset after a cursor is skipped a chunk at a time, however large.
            try await client.execute(
                uri: "/api/diary?limit=2&offset=1000000000&cursor=\(atFive.token)", method: .get
            ) {
                #expect($0.status == .ok)
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(entries?.isEmpty == true)
            }
            for bad in ["cursor=nope", "cursor="] {
                try await client.execute(uri: "/api/diary?\(bad)", method: .get) {
                    #expect($0.status == .badRequest, "\(bad)")
                }
            }
        }
    }

    /// `q` searches (words in any order, `walk*`, "a phrase"; case and accents ignored) and
    /// `from` and `to` bound the days (whole, in UTC); the pages of a search link to the next
    /// page of the same search.
    @Test func searchesAndBoundsByDaysInPagesThatKeepTheQuery() async throws {
        let utc = TimeZone(identifier: "UTC")!
        let first = DiaryDay(year: 2026, month: 3, day: 1).start(in: utc)
        let texts = [
            "Walked to the Café", "bread", "a long walk, café au lait", "café closed",
            "walking past the cafe", "cafe walkers",
        ]
        for (day, text) in texts.enumerated() {
            try stores.diary.save(
                Entry(date: first.addingTimeInterval(Double(day) * 86_400), text: text))
        }
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            var found: [String] = []
            var uri: String? = "/api/diary?limit=2&q=walk%2A%20CAFE"
            while let next = uri {
                uri = try await client.execute(uri: next, method: .get) { response in
                    #expect(response.status == .ok)
                    let body = try Self.object(response.body)
                    let entries = try #require(body["entries"] as? [[String: Any]])
                    found += entries.compactMap { $0["text"] as? String }
                    guard let cursor = body["next"] as? String else { return nil }
                    let link = "/api/diary?limit=2&q=walk%2A%20CAFE&cursor=\(cursor)"
                    #expect(response.headers[HTTPField.Name("Link")!] == "<\(link)>; rel=\"next\"")
                    return link
                }
            }
            #expect(found == [texts[5], texts[4], texts[2], texts[0]])
            try await client.execute(
                uri: "/api/diary?q=cafe&from=2026-03-03&to=2026-03-05", method: .get
            ) {
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(
                    entries?.compactMap { $0["text"] as? String } == [texts[4], texts[3], texts[2]])
            }
            for (bad, parameter) in [
                ("q=%21%21", "q"), ("q=%22open", "q"), ("from=soon", "from"),
                ("to=2026-02-30", "to"),
            ] {
                try await client.execute(uri: "/api/diary?\(bad)", method: .get) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                    let problem = try Self.object(response.body)
                    #expect(problem["parameter"] as? String == parameter, "\(bad)")
                }
            }
        }
    }

    /// `tag` (repeated for more) lists the entries with every tag asked, and
    /// `GET /api/diary/tags` counts the tags, most used first.
    @Test func filtersByTagsAndCountsThem() async throws {
        let base = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let texts = ["#walk by the #sea", "a #walk in town", "#sea-side", "#Walk #sea again"]
        for (offset, text) in texts.enumerated() {
            try stores.diary.save(Entry(date: base.addingTimeInterval(Double(offset)), text: text))
        }
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            try await client.execute(uri: "/api/diary?tag=walk&tag=SEA", method: .get) {
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(entries?.compactMap { $0["text"] as? String } == [texts[3], texts[0]])
            }
            try await client.execute(uri: "/api/diary?tag=walk&limit=1", method: .get) {
                #expect(
                    $0.headers[HTTPField.Name("Link")!]?.hasPrefix(
                        "</api/diary?limit=1&tag=walk&cursor=")
                        == true)
            }
            try await client.execute(uri: "/api/diary/tags", method: .get) { response in
                #expect(response.status == .ok)
                let tags = try Self.object(response.body)["tags"] as? [[String: Any]]
                #expect(tags?.compactMap { $0["tag"] as? String } == ["walk", "sea", "sea-side"])
                #expect(tags?.compactMap { $0["count"] as? Int } == [3, 2, 1])
            }
            for bad in ["tag=%23walk", "tag=", "tag=two%20words"] {
                try await client.execute(uri: "/api/diary?\(bad)", method: .get) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                    let problem = try Self.object(response.body)
                    #expect(problem["parameter"] as? String == "tag")
                }
            }
        }
    }

    /// A deleted entry waits in the trash (`GET /api/diary/trash`, newest removal first) and
    /// comes back as it was with `POST /api/diary/trash/{id}/restore`.
    @Test func aDeletedEntryWaitsInTheTrashAndComesBack() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            let (id, _) = try await Self.add("Gone, for now", client)
            try await client.execute(uri: "/api/diary/\(id)", method: .delete) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: "/api/diary/trash", method: .get) { response in
                #expect(response.status == .ok)
                let entries = try #require(
                    Self.object(response.body)["entries"] as? [[String: Any]])
                #expect(entries.compactMap { $0["id"] as? String } == [id])
                #expect(entries.first?["text"] as? String == "Gone, for now")
                #expect(entries.first?["removedAt"] is String)
            }
            try await client.execute(
                uri: "/api/diary/trash/\(id)/restore", method: .post, headers: RouteFixture.json
            ) { response in
                #expect(response.status == .ok)
                let restored = try Self.object(response.body)
                #expect(restored["text"] as? String == "Gone, for now")
                #expect(response.headers[.eTag] != nil)
            }
            try await client.execute(uri: "/api/diary/\(id)", method: .get) {
                #expect($0.status == .ok)
            }
            try await client.execute(
                uri: "/api/diary/trash/\(id)/restore", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: "{}")
            ) { response in
                // In the diary, not in the trash: said so.
                #expect(response.status == .notFound)
                #expect(
                    RouteFixture.errorMessage(response.body)
                        == "entry \(id) is not in the trash")
            }
            try await client.execute(
                uri: "/api/diary/trash/nope/restore", method: .post, headers: RouteFixture.json
            ) {
                #expect($0.status == .badRequest)
            }
            try await client.execute(
                uri: "/api/diary/trash/\(id)/restore", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "other"}"#)
            ) {
                #expect($0.status == .badRequest)
            }
        }
    }

    /// `PUT /api/diary/{id}/star` stars an entry, `DELETE` takes the star away, and
    /// `starred=true` lists the starred ones.
    @Test func starsEntriesAndListsTheStarredOnes() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            let (first, _) = try await Self.add("First", client)
            let (second, _) = try await Self.add("Second", client)
            for id in [first, second] {
                try await client.execute(
                    uri: "/api/diary/\(id)/star", method: .put, headers: RouteFixture.json
                ) { #expect($0.status == .noContent) }
            }
            try await client.execute(uri: "/api/diary/\(second)/star", method: .delete) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: "/api/diary?starred=true", method: .get) {
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(entries?.compactMap { $0["id"] as? String } == [first])
            }
            try await client.execute(uri: "/api/diary?starred=maybe", method: .get) {
                #expect($0.status == .badRequest)
            }
            // Every list says which are starred (`"starred": true`, absent for the others), as
            // the diary's export does.
            try await client.execute(uri: "/api/diary", method: .get) {
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(entries?.map { $0["starred"] as? Bool } == [nil, true])
            }
            try await client.execute(uri: "/api/diary?q=first", method: .get) {
                let entries = try Self.object($0.body)["entries"] as? [[String: Any]]
                #expect(entries?.map { $0["starred"] as? Bool } == [true])
            }

            try await client.execute(
                uri: "/api/diary/\(UUID().uuidString.lowercased())/star", method: .put,
                headers: RouteFixture.json
            ) { #expect($0.status == .notFound) }
        }
    }

    /// One entry's answer says whether it is starred, and its ETag changes with the star, so
    /// that a client's copy is not kept across one; an edit made from before the star still
    /// finds the text it read (a star is not a change of the text).
    @Test func anEntrySaysItIsStarredAndItsETagFollowsTheStar() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            let (id, plain) = try await Self.add("Plain", client)
            try await client.execute(
                uri: "/api/diary/\(id)/star", method: .put, headers: RouteFixture.json
            ) { #expect($0.status == .noContent) }
            let starred = try await client.execute(uri: "/api/diary/\(id)", method: .get) {
                response in
                #expect(try Self.object(response.body)["starred"] as? Bool == true)
                return try #require(response.headers[.eTag])
            }
            #expect(starred != plain)
            try await client.execute(
                uri: "/api/diary/\(id)", method: .get, headers: [.ifNoneMatch: plain]
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/api/diary/\(id)", method: .get, headers: [.ifNoneMatch: starred]
            ) { #expect($0.status == .notModified) }
            try await client.execute(
                uri: "/api/diary/\(id)", method: .put,
                headers: [.contentType: "application/json", .ifMatch: plain],
                body: ByteBuffer(string: #"{"text": "Edited"}"#)
            ) { response in
                #expect(response.status == .ok)
                let body = try Self.object(response.body)
                #expect(body["starred"] as? Bool == true)
            }
            try await client.execute(uri: "/api/diary/\(id)/star", method: .delete) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: "/api/diary/\(id)", method: .get) { response in
                let body = try Self.object(response.body)
                #expect(body["starred"] == nil)
                #expect(response.headers[.eTag] != starred)
            }
        }
    }

    /// Adds an entry through the API: its id and its ETag.
    static func add(_ text: String, _ client: some TestClientProtocol) async throws
        -> (id: String, eTag: String)
    {
        try await client.execute(
            uri: "/api/diary", method: .post, headers: RouteFixture.json,
            body: ByteBuffer(string: #"{"text": "\#(text)"}"#)
        ) { response in
            (
                try #require(try Self.object(response.body)["id"] as? String),
                try #require(response.headers[.eTag])
            )
        }
    }

    /// A DELETE with `If-Match` removes only the revision the client read: a stale one is a
    /// 412 with the current ETag, and the entry stays.
    @Test func aDeleteFromAStaleRevisionIsA412AndKeepsTheEntry() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            let (entryID, stale) = try await Self.add("first", client)
            let saved = try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: RouteFixture.json,
                body: ByteBuffer(string: #"{"text": "changed"}"#)
            ) { $0.headers[.eTag] }
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .delete, headers: [.ifMatch: stale]
            ) { response in
                #expect(response.status == .preconditionFailed)
                #expect(response.headers[.eTag] == saved)
            }
            try await client.execute(uri: "/api/diary/\(entryID)", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .delete, headers: [.ifMatch: saved!]
            ) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/diary/\(entryID)", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// Two clients edit the same entry: each read gives the revision as an ETag, a PUT with
    /// `If-Match` is applied only to that revision, and a stale one is a 412 that changes nothing.
    @Test func anUpdateFromAStaleRevisionIsA412AndChangesNothing() async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            let (entryID, created) = try await Self.add("first", client)
            let opened = try await client.execute(uri: "/api/diary/\(entryID)", method: .get) {
                $0.headers[.eTag]
            }
            #expect(opened == created)
            #expect(opened?.hasPrefix("\"") == true && opened?.hasSuffix("\"") == true)
            var ifMatch = RouteFixture.json
            let openedTag: String = try #require(opened)
            ifMatch[.ifMatch] = openedTag
            let saved = try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: ifMatch,
                body: ByteBuffer(string: #"{"text": "mine"}"#)
            ) { response in
                #expect(response.status == .ok)
                return response.headers[.eTag]
            }
            #expect(saved != nil && saved != opened)
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: ifMatch,
                body: ByteBuffer(string: #"{"text": "theirs"}"#)
            ) { response in
                #expect(response.status == .preconditionFailed)
                #expect(response.headers[.eTag] == saved)
                let message = try Self.object(response.body)["detail"] as? String
                #expect(message?.contains("was changed by someone else") == true)
            }
            try await client.execute(uri: "/api/diary/\(entryID)", method: .get) { response in
                let text = try Self.object(response.body)["text"] as? String
                #expect(text == "mine")
            }
            // A list matches when any of its tags is the current revision's.
            let current = try await client.execute(uri: "/api/diary/\(entryID)", method: .get) {
                try #require($0.headers[.eTag])
            }
            var listed = RouteFixture.json
            listed[.ifMatch] = "\"998\", \(current)"
            try await client.execute(
                uri: "/api/diary/\(entryID)", method: .put, headers: listed,
                body: ByteBuffer(string: #"{"text": "mine"}"#)
            ) { #expect($0.status == .ok) }
            // If-Match compares strongly (RFC 9110): a weak or malformed tag matches no
            // revision, so the precondition fails and nothing changes.
            for tag in ["W/\"1\"", "1", ""] {
                var malformed = RouteFixture.json
                malformed[.ifMatch] = tag
                try await client.execute(
                    uri: "/api/diary/\(entryID)", method: .put, headers: malformed,
                    body: ByteBuffer(string: #"{"text": "weak"}"#)
                ) { response in
                    #expect(response.status == .preconditionFailed, "If-Match: \(tag)")
                    #expect(response.headers[.eTag] != nil)
                }
            }
            try await client.execute(uri: "/api/diary/\(entryID)", method: .get) { response in
                let text = try Self.object(response.body)["text"] as? String
                #expect(text == "mine")
            }
        }
    }

    @Test(arguments: [
        (#"{"text": "  "}"#, "an entry needs some text"),
        (#"{"words": "x"}"#, #"the body must be {"text": "…"}"#),
    ])
    func refusesBadEntries(body: String, message: String) async throws {
        try await Application(router: try CasebookServer.router(stores: stores)).test(.router) {
            client in
            try await client.execute(
                uri: "/api/diary", method: .post, headers: RouteFixture.json,
                body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .badRequest)
                let answer = try Self.object(response.body)
                #expect(answer["detail"] as? String == message)
            }
        }
        #expect(try stores.diary.count() == 0)
    }

    @Test func theListIsReadFromTheStoreOncePerRevisionOfTheDiary() async throws {
        let spy = DiaryStoreSpy()
        var withSpy = CasebookServer.Stores.inMemory(dataDirectory: directory.url)
        withSpy.diary = spy
        try await Application(router: try CasebookServer.router(stores: withSpy)).test(.router) {
            client in
            func texts(_ uri: String = "/api/diary") async throws -> [String?] {
                try await client.execute(uri: uri, method: .get) { response in
                    let entries = try Self.object(response.body)["entries"] as? [[String: Any]]
                    return (entries ?? []).map { $0["text"] as? String }
                }
            }
            func add(_ text: String) async throws {
                try await client.execute(
                    uri: "/api/diary", method: .post, headers: RouteFixture.json,
                    body: ByteBuffer(string: #"{"text": "\#(text)"}"#)
                ) { #expect($0.status == .created) }
            }
            try await add("first")
            #expect(try await texts() == ["first"])
            #expect(try await texts() == ["first"])
            #expect(spy.pageReads == 1)
            try await add("second")
            #expect(try await texts() == ["second", "first"])
            #expect(try await texts() == ["second", "first"])
            #expect(spy.pageReads == 2)
            #expect(try await texts("/api/diary?limit=1") == ["second"])
            #expect(try await texts("/api/diary?limit=1&offset=1") == ["first"])
            #expect(try await texts() == ["second", "first"])
        }
    }
}
