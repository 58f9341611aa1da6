import CasebookTestSupport
import Foundation
import PostgresTestSupport
import SurveySync
import SurveySyncPostgres
import Testing

/// What every store that keeps reviews promises: each respondent arrives "received", with who
/// sent it; a review sets one state for many respondents at once, all or none; a later change
/// sends a reviewed respondent back to "received"; and its history tells all of it in order.
struct RespondentReviewContract {
    let makeStore: () throws -> any ReviewedRespondentStore

    private static let phone = RespondentSender(user: "sara", device: "phone 3")

    func arrivesReceivedWithItsSender() async throws {
        let store = try makeStore()
        let before = Date()
        _ = try await store.upsert([Respondent(id: "a", fields: ["id": "a"])], from: Self.phone)
        _ = try await store.upsert([Respondent(id: "b", fields: ["id": "b"])])
        let statuses = try await store.statuses(of: ["a", "b", "nobody"])
        #expect(statuses.keys.sorted() == ["a", "b"])
        #expect(statuses["a"]?.state == .received)
        #expect(statuses["a"]?.sender == Self.phone)
        #expect(statuses["b"]?.sender == .unknown)
        #expect(statuses["a"]?.reviewer == nil)
        let a = Respondent(id: "a", fields: ["id": "a"])
        #expect(
            try await store.digests(ofIDs: ["a", "nobody"])
                == ["a": RespondentDigest(a).digest])
        let received = try #require(statuses["a"]?.receivedAt)
        #expect(
            received >= before.addingTimeInterval(-1) && received <= Date().addingTimeInterval(1))
        #expect(try await store.history(of: "a").map(\.kind) == [.received])
        #expect(try await store.history(of: "a").first?.sender == Self.phone)
        #expect(try await store.history(of: "nobody").isEmpty)
    }

    func reviewsManyAtOnceWithAComment() async throws {
        let store = try makeStore()
        _ = try await store.upsert(
            ["a", "b", "c"].map { Respondent(id: $0, fields: ["id": .string($0)]) },
            from: Self.phone)
        try await store.setReview(.approved, of: ["a", "c"], by: "ines", comment: "checked é")
        let statuses = try await store.statuses(of: ["a", "b", "c"])
        #expect(statuses["a"]?.state == .approved)
        #expect(statuses["a"]?.reviewer == "ines")
        #expect(statuses["a"]?.comment == "checked é")
        #expect(statuses["b"]?.state == .received)
        #expect(statuses["c"]?.state == .approved)
        try await store.setReview(.hasIssues, of: ["a"], by: "ines", comment: nil)
        let history = try await store.history(of: "a")
        #expect(history.map(\.kind) == [.received, .reviewed, .reviewed])
        #expect(history.map(\.state) == [.received, .approved, .hasIssues])
        #expect(history.map(\.comment) == [nil, "checked é", nil])
        #expect(history[1].sender == RespondentSender(user: "ines", device: nil))
        let latest = try await store.history(of: "a", latest: 2)
        #expect(latest.events == Array(history.suffix(2)))
        #expect(latest.earlier == 1)
        #expect(try await store.history(of: "a", latest: 10).earlier == 0)
        #expect(zip(history, history.dropFirst()).allSatisfy { $0.at <= $1.at })
        #expect(try await store.statuses(of: ["a"])["a"]?.comment == nil)
    }

    func refusesAReviewOfAnUnknownRespondentWhole() async throws {
        let store = try makeStore()
        _ = try await store.upsert([Respondent(id: "a", fields: ["id": "a"])])
        await #expect(throws: UnknownRespondentError(id: "ghost")) {
            try await store.setReview(.rejected, of: ["a", "ghost"], by: "ines", comment: nil)
        }
        #expect(try await store.statuses(of: ["a"])["a"]?.state == .received)
        #expect(try await store.history(of: "a").count == 1)
    }

    /// A change sends any reviewed respondent back to "received", and says so; a sync that
    /// changes nothing leaves its review and its history as they were.
    func aChangeSendsItBackToReceived() async throws {
        let store = try makeStore()
        _ = try await store.upsert([Respondent(id: "a", fields: ["id": "a", "n": 1])])
        try await store.setReview(.approved, of: ["a"], by: "ines", comment: "fine")
        _ = try await store.upsert(
            [Respondent(id: "a", fields: ["id": "a", "n": 1])], from: Self.phone)
        #expect(try await store.statuses(of: ["a"])["a"]?.state == .approved)
        #expect(try await store.history(of: "a").count == 2)
        let tablet = RespondentSender(user: "sara", device: "tablet")
        let counts = try await store.upsert(
            [Respondent(id: "a", fields: ["id": "a", "n": 2])], from: tablet)
        #expect(counts.updated == 1)
        let status = try #require(try await store.statuses(of: ["a"])["a"])
        #expect(status.state == .received)
        #expect(status.reviewer == nil)
        #expect(status.sender == tablet)
        let history = try await store.history(of: "a")
        #expect(history.map(\.kind) == [.received, .reviewed, .changed])
        #expect(history.map(\.state) == [.received, .approved, .received])
        #expect(history.last?.sender == tablet)
        // Its counts moved with it: from approved to received, from nobody known to the tablet.
        #expect(try await store.reviewCounts() == [.received: 1])
        #expect(try await store.senderCounts().map(\.sender) == [tablet])
        #expect(try await store.count(matching: RespondentFilter(state: .approved)) == 0)
        #expect(try await store.count(matching: RespondentFilter(device: "tablet")) == 1)
    }

    /// A filter by review state, user or device pages newest first as the whole store does,
    /// and counts what it finds; each sender is counted.
    func filtersByStateAndSender() async throws {
        let store = try makeStore()
        let tablet = RespondentSender(user: "sara", device: "tablet")
        let theo = RespondentSender(user: "theo", device: "phone 1")
        _ = try await store.upsert(
            (0..<4).map { Respondent(id: "s\($0)", fields: ["id": .string("s\($0)")]) },
            from: Self.phone)
        _ = try await store.upsert([Respondent(id: "t0", fields: ["id": "t0"])], from: tablet)
        _ = try await store.upsert(
            (0..<3).map { Respondent(id: "h\($0)", fields: ["id": .string("h\($0)")]) },
            from: theo)
        try await store.setReview(.approved, of: ["s1", "s3", "h2"], by: "ines", comment: nil)
        let approved = RespondentFilter(state: .approved)
        #expect(try await store.count(matching: approved) == 3)
        #expect(
            try await store.newestRespondents(matching: approved, limit: 2, offset: 0).map(\.id)
                == ["h2", "s3"])
        #expect(
            try await store.newestRespondents(matching: approved, limit: 2, offset: 2).map(\.id)
                == ["s1"])
        let sara = RespondentFilter(user: "sara")
        #expect(try await store.count(matching: sara) == 5)
        #expect(
            try await store.newestRespondents(matching: sara, limit: 10, offset: 0).map(\.id)
                == ["t0", "s3", "s2", "s1", "s0"])
        let saraApproved = RespondentFilter(state: .approved, user: "sara", device: "phone 3")
        #expect(
            try await store.newestRespondents(matching: saraApproved, limit: 10, offset: 0)
                .map(\.id) == ["s3", "s1"])
        #expect(try await store.count(matching: RespondentFilter()) == 8)
        #expect(try await store.count(matching: RespondentFilter(state: .rejected)) == 0)
        #expect(
            try await store.reviewCounts()
                == [.received: 5, .approved: 3])
        let bodies = try await store.respondentBodies(matching: sara, limit: 3, after: "s0")
        #expect(bodies.map(\.id) == ["s1", "s2", "s3"])
        #expect(bodies.first?.body == Array(#"{"id":"s1"}"#.utf8))
        #expect(
            try await store.respondentBodies(matching: approved, limit: 10, after: nil).map(\.id)
                == ["h2", "s1", "s3"])
        let senders = try await store.senderCounts()
        #expect(senders.map(\.sender) == [Self.phone, tablet, theo])
        #expect(senders.map(\.count) == [4, 1, 3])
    }

    /// A filter by when the current version arrived takes those from its start (inclusive) to
    /// its end (exclusive), alone or with the other members, in pages, counts and exports.
    func filtersByWhenReceived() async throws {
        let store = try makeStore()
        _ = try await store.upsert(
            [Respondent(id: "a", fields: ["id": "a"]), Respondent(id: "b", fields: ["id": "b"])],
            from: Self.phone)
        _ = try await store.upsert([Respondent(id: "c", fields: ["id": "c"])])
        let statuses = try await store.statuses(of: ["a", "b", "c"])
        let seconds = Set(
            statuses.values.map { $0.receivedAt.timeIntervalSinceReferenceDate.rounded(.down) })
        var bounds: [Date?] = [nil, .distantPast, .distantFuture]
        for second in seconds {
            bounds += [second, second + 1].map { Date(timeIntervalSinceReferenceDate: $0) }
        }
        for from in bounds {
            for before in bounds {
                for user in [nil, Self.phone.user] {
                    let filter = RespondentFilter(
                        user: user, receivedFrom: from, receivedBefore: before)
                    let expected = statuses.filter { _, status in
                        (from.map { status.receivedAt >= $0 } ?? true)
                            && (before.map { status.receivedAt < $0 } ?? true)
                            && (user == nil || status.sender.user == user)
                    }.keys.sorted()
                    let paged = try await store.newestRespondents(
                        matching: filter, limit: 10, offset: 0)
                    #expect(paged.map(\.id).sorted() == expected, "\(filter)")
                    #expect(try await store.count(matching: filter) == expected.count)
                    #expect(
                        try await store.respondentBodies(matching: filter, limit: 10, after: nil)
                            .map(\.id) == expected)
                }
            }
        }
    }

    /// A filter by a field's value takes the respondents whose cell in that column (as the
    /// table and the CSV show it: text as it is, a number or a list as its JSON, a null as
    /// empty) is exactly that value; a nested field by its `group/field` name.
    func filtersByAFieldsValue() async throws {
        let store = try makeStore()
        _ = try await store.upsert(
            [
                Respondent(
                    id: "a",
                    fields: [
                        "id": "a", "name": "Ada", "age": 41, "crops": ["maize", "beans"],
                        "household": ["size": 3, "head": ["name": "Ada"]], "note": .null,
                    ]),
                Respondent(
                    id: "b",
                    fields: [
                        "id": "b", "name": "ada", "age": 41.5, "crops": [], "note": "",
                        "household": ["size": "3"],
                    ]),
                Respondent(id: "c", fields: ["id": "c", "name": "Zoë \"Z\", 東京", "ok": true]),
            ], from: Self.phone)
        func found(_ column: String, _ value: String, state: ReviewState? = nil) async throws
            -> [String]
        {
            var filter = RespondentFilter(state: state)
            filter.field = RespondentFieldValue(column: column, value: value)
            let ids = try await store.respondentBodies(matching: filter, limit: 10, after: nil)
                .map(\.id)
            #expect(try await store.count(matching: filter) == ids.count, "\(column)=\(value)")
            #expect(
                try await store.newestRespondents(matching: filter, limit: 10, offset: 0)
                    .map(\.id).sorted() == ids)
            return ids
        }
        #expect(try await found("name", "Ada") == ["a"])
        #expect(try await found("name", "ada") == ["b"])
        #expect(try await found("name", "Zoë \"Z\", 東京") == ["c"])
        #expect(try await found("age", "41") == ["a"])
        #expect(try await found("age", "41.5") == ["b"])
        #expect(try await found("crops", #"["maize","beans"]"#) == ["a"])
        #expect(try await found("crops", "[]") == ["b"])
        #expect(try await found("household/size", "3") == ["a", "b"])
        #expect(try await found("household/head/name", "Ada") == ["a"])
        #expect(try await found("household", "3") == [])
        #expect(try await found("note", "") == ["a", "b"])
        #expect(try await found("ok", "true") == ["c"])
        #expect(try await found("missing", "") == [])
        #expect(try await found("id", "c") == ["c"])
        #expect(try await found("crops/0", "maize") == [], "no list's item")
        #expect(try await found("name", "Zoe\u{0308} \"Z\", 東京") == [], "byte for byte")
        #expect(try await found("name", "Ada", state: .approved) == [])
        #expect(try await found("name'; DROP TABLE respondent; --", "x") == [])
        #expect(try await found(#"$."name""#, "Ada") == [])
    }

    /// The text of the file a respondent's current version was read from is kept beside it,
    /// when it came with one: a version with the same fields keeps the first text, a changed
    /// one brings its own (or none).
    func keepsTheOriginalOfTheCurrentVersion() async throws {
        let store = try makeStore()
        func read(_ text: String) throws -> Respondent {
            try RespondentParser.respondent(fromYAML: text, fileName: "file.yaml")
        }
        let first = "id: a\nname: Ada  # as she wrote it\n"
        _ = try await store.upsert(
            [try read(first), Respondent(id: "b", fields: ["id": "b"])], from: Self.phone)
        #expect(try await store.original(of: "a") == first)
        #expect(try await store.original(of: "b") == nil)
        #expect(try await store.original(of: "nobody") == nil)
        let same = try await store.upsert([try read("id: a\nname: 'Ada'\n")], from: Self.phone)
        #expect(same.unchanged == 1)
        #expect(try await store.original(of: "a") == first)
        let changed = "id: a\nname: Ada Okafor\n"
        _ = try await store.upsert([try read(changed)], from: Self.phone)
        #expect(try await store.original(of: "a") == changed)
        let files = try await store.originals(matching: RespondentFilter(), limit: 10, after: nil)
        #expect(files.map(\.id) == ["a", "b"])
        #expect(files.map(\.original) == [changed, nil])
        #expect(files.last?.body == Array(#"{"id":"b"}"#.utf8))
        #expect(
            try await store.originals(
                matching: RespondentFilter(user: "nobody"), limit: 10, after: nil
            ).isEmpty)
        #expect(
            try await store.originals(matching: RespondentFilter(), limit: 10, after: "a")
                .map(\.id) == ["b"])
        _ = try await store.upsert([Respondent(id: "a", fields: ["id": "a"])])
        #expect(try await store.original(of: "a") == nil)
    }

    /// Every version that arrives is kept, numbered from 1, with who sent it, when, and the
    /// text of its file: a version another device replaced is read back whole. A sync that
    /// changes nothing adds no version; a review is no version.
    func keepsEveryVersionThatArrived() async throws {
        let store = try makeStore()
        let tablet = RespondentSender(user: "sam", device: "tablet 1")
        let first = "id: a\nname: Ada  # as she wrote it\n"
        let read = try RespondentParser.respondent(fromYAML: first, fileName: "a.yaml")
        _ = try await store.upsert([read], from: Self.phone)
        _ = try await store.upsert(
            [try RespondentParser.respondent(fromYAML: "id: a\nname: 'Ada'\n", fileName: "a.yaml")],
            from: tablet)
        let second = Respondent(id: "a", fields: ["id": "a", "name": "Bea"])
        _ = try await store.upsert([second], from: tablet)
        try await store.setReview(.approved, of: ["a"], by: "ines", comment: nil)
        let history = try await store.history(of: "a")
        #expect(history.map(\.version) == [1, 2, nil])
        let one = try #require(try await store.version(1, of: "a"))
        #expect(one.number == 1)
        #expect(one.respondent == read)
        #expect(one.respondent?.originalYAML == first)
        #expect(one.sender == Self.phone)
        #expect(one.at == history[0].at)
        let two = try #require(try await store.version(2, of: "a"))
        #expect(two.respondent == second)
        #expect(two.respondent?.originalYAML == nil)
        #expect(two.sender == tablet)
        #expect(try await store.version(3, of: "a") == nil)
        #expect(try await store.version(0, of: "a") == nil)
        #expect(try await store.version(1, of: "nobody") == nil)
        #expect(try await store.respondent(id: "a") == second)
        // Two versions of one id in one upsert are two versions, in the order they came.
        let x1 = Respondent(id: "x", fields: ["id": "x", "n": 1])
        let x2 = Respondent(id: "x", fields: ["id": "x", "n": 2])
        _ = try await store.upsert([x1, x2], from: tablet)
        #expect(try await store.history(of: "x").map(\.version) == [1, 2])
        #expect(try await store.version(1, of: "x")?.respondent == x1)
        #expect(try await store.version(2, of: "x")?.respondent == x2)
        // A third version in its own upsert keeps the second, not the first, with its arrival;
        // two more at once for an id the store holds keep each one they replace.
        let x3 = Respondent(id: "x", fields: ["id": "x", "n": 3])
        _ = try await store.upsert([x3], from: Self.phone)
        #expect(try await store.version(1, of: "x")?.respondent == x1)
        #expect(try await store.version(2, of: "x")?.respondent == x2)
        #expect(try await store.version(3, of: "x")?.respondent == x3)
        var x4 = Respondent(id: "x", fields: ["id": "x", "n": 4])
        x4.originalYAML = "id: x\nn: 4\n"
        let x5 = Respondent(id: "x", fields: ["id": "x", "n": 5])
        _ = try await store.upsert([x4, x5], from: tablet)
        var kept: [RespondentVersion?] = []
        for number in 1...6 { kept.append(try await store.version(number, of: "x")) }
        #expect(kept.map { $0?.respondent } == [x1, x2, x3, x4, x5, nil])
        #expect(kept[3]?.respondent?.originalYAML == x4.originalYAML)
        #expect(kept[2]?.sender == Self.phone)
        #expect(kept[4]?.sender == tablet)
    }

    /// Pages by cursor, the revision of a respondent's last change: older ones after a
    /// cursor, newest first; newer ones from a cursor up, oldest first; a filter holds.
    func pagesByCursorBothWays() async throws {
        let store = try makeStore()
        for number in 0..<6 {
            _ = try await store.upsert(
                [Respondent(id: "r\(number)", fields: ["id": .string("r\(number)")])],
                from: number.isMultiple(of: 2) ? Self.phone : .unknown)
        }
        let first = try await store.newestRespondents(
            matching: RespondentFilter(), limit: 2, before: nil)
        #expect(first.map(\.respondent.id) == ["r5", "r4"])
        let second = try await store.newestRespondents(
            matching: RespondentFilter(), limit: 2, before: first.last?.revision)
        #expect(second.map(\.respondent.id) == ["r3", "r2"])
        let back = try await store.oldestRespondents(
            matching: RespondentFilter(), limit: 2, after: try #require(second.first?.revision))
        #expect(back.map(\.respondent.id) == ["r4", "r5"])
        let phone = RespondentFilter(user: "sara")
        let mine = try await store.newestRespondents(matching: phone, limit: 2, before: nil)
        #expect(mine.map(\.respondent.id) == ["r4", "r2"])
        #expect(
            try await store.newestRespondents(
                matching: phone, limit: 2, before: mine.last?.revision
            ).map(\.respondent.id) == ["r0"])
        // A batch that holds an id twice leaves it as its later copy, the newest.
        _ = try await store.upsert([
            Respondent(id: "a", fields: ["id": "a", "n": 1]),
            Respondent(id: "b", fields: ["id": "b"]),
            Respondent(id: "a", fields: ["id": "a", "n": 2]),
        ])
        let newest = try await store.newestRespondents(
            matching: RespondentFilter(), limit: 2, before: nil)
        #expect(newest.map(\.respondent.id) == ["a", "b"])
        #expect(newest.first?.respondent.fields["n"] == 2)
        #expect(try await store.reviewCounts()[.received] == 8)
        // A change moves a respondent to the front.
        _ = try await store.upsert([Respondent(id: "r1", fields: ["id": "r1", "n": 1])])
        #expect(
            try await store.newestRespondents(matching: RespondentFilter(), limit: 1, before: nil)
                .map(\.respondent.id) == ["r1"])
    }

    /// A search finds respondents by the words of their values (the id's too, no field's
    /// name), each word the start of one, case and accents ignored; with the other filters,
    /// on every page and count; a change is found by its new words only.
    func findsRespondentsByTheWordsOfTheirValues() async throws {
        let store = try makeStore()
        _ = try await store.upsert(
            [
                Respondent(
                    id: "r1",
                    fields: [
                        "id": "r1", "name": "Zoë Okafor", "village": "Kisumu",
                        "crops": ["maize", "beans"],
                    ]),
                Respondent(
                    id: "r2",
                    fields: ["id": "r2", "name": "Ada Okafor", "household": ["head": "Grace"]]),
                Respondent(id: "r3", fields: ["id": "r3", "name": "Ada Mwangi", "note": "name"]),
            ], from: Self.phone)
        func found(_ text: String, in filter: RespondentFilter = RespondentFilter()) async throws
            -> [String]
        {
            var filter = filter
            filter.search = try RespondentSearch(text)
            return try await store.newestRespondents(matching: filter, limit: 10, before: nil)
                .map(\.respondent.id)
        }
        #expect(try await found("okafor") == ["r2", "r1"])
        #expect(try await found("ada oka") == ["r2"])
        #expect(try await found("ZOE") == ["r1"])
        #expect(try await found("mai") == ["r1"])
        #expect(try await found("grace") == ["r2"])
        #expect(try await found("name") == ["r3"])
        #expect(try await found("r2") == ["r2"])
        #expect(try await found("nobody").isEmpty)
        var okafor = RespondentFilter()
        okafor.search = try RespondentSearch("Okafor")
        #expect(try await store.count(matching: okafor) == 2)
        #expect(
            try await store.respondentBodies(matching: okafor, limit: 10, after: nil).map(\.id)
                == ["r1", "r2"])
        #expect(
            try await store.newestRespondents(matching: okafor, limit: 10, offset: 1).map(\.id)
                == ["r1"])
        try await store.setReview(.approved, of: ["r1"], by: "ines", comment: nil)
        #expect(try await found("okafor", in: RespondentFilter(state: .approved)) == ["r1"])
        _ = try await store.upsert([
            Respondent(id: "r1", fields: ["id": "r1", "name": "Zoë Banda"])
        ])
        #expect(try await found("okafor") == ["r2"])
        #expect(try await found("banda") == ["r1"])
        #expect(try await found("kisumu").isEmpty)
        // A word of letters and digits is one word in every store, however PostgreSQL's
        // parser would read it; and a word is begun by its first letters, scalar by scalar.
        _ = try await store.upsert([
            Respondent(id: "r4", fields: ["id": "r4", "code": "3e5cafe", "note": "ทำงาน"])
        ])
        #expect(try await found("cafe").isEmpty)
        #expect(try await found("3e5") == ["r4"])
        #expect(try await found("ท") == ["r4"])
    }

    /// The counts a store keeps answer as counting every respondent would, after any run of
    /// upserts (ids twice in a batch, unchanged ones, unknown senders) and reviews (ids twice):
    /// a seeded random run, checked after each step.
    func keptCountsAreWhatCountingFinds() async throws {
        let store = try makeStore()
        var random = SplitMix64(seed: 2026)
        let senders: [RespondentSender] = [
            .unknown, Self.phone, RespondentSender(user: "sara", device: nil),
            RespondentSender(user: "theo", device: "tablet"),
        ]
        let states = ReviewState.allCases
        for _ in 0..<30 {
            if Int.random(in: 0..<3, using: &random) == 0 {
                let ids = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    "r\(Int.random(in: 0..<12, using: &random))"
                }
                let held = try await store.statuses(of: ids)
                let known = ids.filter { held[$0] != nil }
                guard !known.isEmpty else { continue }
                try await store.setReview(
                    states.randomElement(using: &random)!, of: known, by: "ines", comment: nil)
            } else {
                let batch = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                    let id = "r\(Int.random(in: 0..<12, using: &random))"
                    return Respondent(
                        id: id,
                        fields: [
                            "id": .string(id), "n": .integer(Int.random(in: 0..<3, using: &random)),
                        ])
                }
                _ = try await store.upsert(batch, from: senders.randomElement(using: &random)!)
            }
            let all = try await store.newestRespondents(
                matching: RespondentFilter(), limit: 100, before: nil)
            let statuses = try await store.statuses(of: all.map(\.respondent.id))
            for state in states {
                #expect(
                    try await store.count(matching: RespondentFilter(state: state))
                        == statuses.values.count { $0.state == state })
            }
            for sender in senders where sender.user != nil {
                let filter = RespondentFilter(user: sender.user, device: sender.device)
                #expect(
                    try await store.count(matching: filter)
                        == statuses.values.count { filter.matches($0) })
            }
            let counted = Dictionary(grouping: statuses.values, by: \.sender).mapValues(\.count)
            let kept = try await store.senderCounts()
            #expect(kept.count == counted.count)
            for (sender, count) in kept { #expect(counted[sender] == count) }
            #expect(
                try await store.reviewCounts()
                    == Dictionary(grouping: statuses.values, by: \.state).mapValues(\.count))
        }
    }

    func runAll() async throws {
        try await keepsEveryVersionThatArrived()
        try await keptCountsAreWhatCountingFinds()
        try await findsRespondentsByTheWordsOfTheirValues()
        try await pagesByCursorBothWays()
        try await filtersByWhenReceived()
        try await keepsTheOriginalOfTheCurrentVersion()
        try await filtersByAFieldsValue()
        try await filtersByStateAndSender()
        try await arrivesReceivedWithItsSender()
        try await reviewsManyAtOnceWithAComment()
        try await refusesAReviewOfAnUnknownRespondentWhole()
        try await aChangeSendsItBackToReceived()
    }
}

@Suite("The respondent review contract")
struct RespondentReviewContractTests {
    @Test func inMemory() async throws {
        try await RespondentReviewContract(makeStore: { InMemoryRespondentStore() }).runAll()
    }

    @Test func sqlite() async throws {
        let directory = try TemporaryDirectory()
        try await RespondentReviewContract(makeStore: {
            try SQLiteRespondentStore(
                path: directory.appending("r-\(UUID().uuidString).sqlite").path)
        }).runAll()
    }

    /// A long run of round trips to PostgreSQL, one after another (`HighPriority`).
    @Test(.highPriority) func postgres() async throws {
        try await PostgresTesting.withDatabases(12, schemas: [PostgresRespondentStore.schema]) {
            databases in
            let stores = ReviewedStack(databases.map { PostgresRespondentStore(client: $0.client) })
            try await RespondentReviewContract(makeStore: { try stores.pop() }).runAll()
        }
    }

    /// Respondents stored before reviews existed are "received" from an unknown sender, their
    /// history starting with their arrival.
    @Test func anOlderSQLiteStoreGivesItsRespondentsAReviewAndAHistory() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("old.sqlite").path
        try OlderRespondentDatabase.create(at: path, respondents: ["a": #"{"id":"a","n":1}"#])
        let store = try SQLiteRespondentStore(path: path)
        let status = try #require(try await store.statuses(of: ["a"])["a"])
        #expect(status.state == .received)
        #expect(status.sender == .unknown)
        let history = try await store.history(of: "a")
        #expect(history.map(\.kind) == [.received])
        #expect(history.first?.at == status.receivedAt)
        // Its current version is its first, and is kept as one.
        #expect(history.map(\.version) == [1])
        let version = try #require(try await store.version(1, of: "a"))
        #expect(version.respondent == Respondent(id: "a", fields: ["id": "a", "n": 1]))
        #expect(version.at == status.receivedAt)
        #expect(try await store.reviewCounts() == [.received: 1])
        #expect(try await store.count(matching: RespondentFilter()) == 1)
        // And it is found by a search.
        let search = RespondentFilter(search: try RespondentSearch("a"))
        #expect(
            try await store.newestRespondents(matching: search, limit: 5, before: nil)
                .map(\.respondent.id) == ["a"])
    }
}

/// Stores made ahead, handed out one at a time.
private final class ReviewedStack: @unchecked Sendable {
    private var stores: [any ReviewedRespondentStore]
    private let lock = NSLock()

    struct Empty: Error {}

    init(_ stores: [any ReviewedRespondentStore]) { self.stores = stores }

    func pop() throws -> any ReviewedRespondentStore {
        try lock.withLock {
            guard !stores.isEmpty else { throw Empty() }
            return stores.removeFirst()
        }
    }
}
