import CasebookServer
import CasebookTestSupport
import CasebookZip
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import SurveySync
import Testing

@Suite("The survey page, syncing to a live server", .serialized)
struct SurveyPageTests {
    let directory: TemporaryDirectory
    let stores: CasebookServer.Stores
    /// The data directory's default respondents folder.
    let folder: URL

    init() throws {
        directory = try TemporaryDirectory()
        stores = try CasebookServer.Stores.open(in: directory.url)
        folder = stores.dataDirectory.appendingPathComponent("Respondents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Where the pager's link `label` goes, unescaped; nil without one.
    static func link(_ label: String, in html: String) -> String? {
        let pattern = /<a href="([^"]*)">(Older|Newer)<\/a>/
        for match in html.matches(of: pattern) where match.output.2 == label {
            return String(match.output.1).replacingOccurrences(of: "&amp;", with: "&")
        }
        return nil
    }

    func write(_ yaml: String, to fileName: String) throws {
        try yaml.write(
            to: folder.appendingPathComponent(fileName), atomically: true, encoding: .utf8)
    }

    /// Runs `test` against the app on a live loopback port, which is also the sync's backend.
    func withLiveServer(
        syncBackends: [URL] = [], _ test: @Sendable (inout PageClient, Int) async throws -> Void
    ) async throws {
        var configuration = CasebookServer.Configuration(dataDirectory: stores.dataDirectory)
        configuration.syncBackends = syncBackends
        let app = Application(
            router: try CasebookServer.router(stores: stores, configuration: configuration),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var pages = PageClient(client)
            try await test(&pages, port)
        }
    }

    @Test func syncsTheDataDirectorysRespondentsFolderAndListsThem() async throws {
        try write("id: r1\nname: Ada\n", to: "ada.yaml")
        try write("id: [\n", to: "broken.yaml")
        let dataDirectory = stores.dataDirectory.path
        try await withLiveServer { pages, port in
            let result = try await pages.post("/survey/sync", ["folder": "Respondents"])
            #expect(result.status == .ok)
            #expect(result.html.contains("synced 1, unchanged 0, failed 1"))
            #expect(result.html.contains("broken.yaml:"))
            #expect(!result.html.contains(dataDirectory))
            let page = try await pages.get("/survey")
            #expect(page.html.contains("1 respondent received"))
            #expect(
                page.html.contains(#"<th scope="col"><a href="/survey?sort=name">name</a></th>"#))
            #expect(
                page.html.contains(#"<a href="/survey/respondents/r1">r1</a></th><td>Ada</td>"#))
            let chosen = try await pages.get("/survey?column=name&column=nothing")
            #expect(
                chosen.html.contains(
                    #"<th scope="col"><a href="/survey?column=name&amp;column=nothing&amp;sort=nothing">nothing</a></th>"#
                ))
            #expect(chosen.html.contains(#"value="name" checked"#))
            let many = (0...64).map { "column=c\($0)" }.joined(separator: "&")
            #expect(try await pages.get("/survey?\(many)").status == .badRequest)
            let detail = try await pages.get("/survey/respondents/r1")
            #expect(detail.html.contains("<dt>name</dt><dd>Ada</dd>"))
            // The file it was read from, as it was.
            #expect(detail.html.contains(#"<pre id="original">id: r1"# + "\nname: Ada\n</pre>"))
            #expect(try await pages.get("/survey/respondents/nobody").status == .notFound)
            #expect(page.html.contains(#"href="/api/respondents?format=csv""#))
            let csv = try await pages.get("/api/respondents?format=csv")
            #expect(csv.html == "id,name\r\nr1,Ada\r\n")
            let escape = try await pages.post("/survey/sync", ["folder": "../.."])
            #expect(escape.status == .badRequest)
        }
    }

    /// Files sent from the browser are read and stored as a sync stores a folder's, with a
    /// line per file; the same files again change nothing.
    @Test func respondentFilesUploadedFromThePageAreStoredOnce() async throws {
        try await withLiveServer { pages, _ in
            let files = [
                (field: "files", filename: "ada.yaml", contents: "id: r1\nname: Ada\n"),
                (field: "files", filename: "dee.yml", contents: "name: Dee\n"),
                (field: "files", filename: "broken.yaml", contents: "id: [\n"),
            ]
            let first = try await pages.postFiles("/survey/upload", [:], files: files)
            #expect(first.status == .ok)
            #expect(first.html.contains("3 files: stored 2, unchanged 0, refused 1."))
            #expect(first.html.contains("broken.yaml: broken.yaml:2:1: "))
            let again = try await pages.postFiles("/survey/upload", [:], files: files)
            #expect(again.html.contains("3 files: stored 0, unchanged 2, refused 1."))
            // A ZIP of files is unpacked, each file read as if uploaded alone.
            var writer = ZipWriter(modified: Date())
            let zip =
                try writer.entry(named: "ada.yaml", contents: Array("id: r1\nname: Ada\n".utf8))
                + writer.entry(named: "team/eve.yaml", contents: Array("id: r3\n".utf8))
                + writer.finish()
            let zipped = try await pages.postFiles(
                "/survey/upload", [:], binaryFiles: [("files", "team.zip", zip)])
            #expect(zipped.status == .ok)
            #expect(zipped.html.contains("2 files: stored 1, unchanged 1, refused 0."))
            #expect(zipped.html.contains("team.zip/team/eve.yaml: stored"))
            #expect(zipped.html.contains(#"accept=".yaml,.yml,.zip""#))
            #expect(try await pages.get("/survey").html.contains("3 respondents received"))
            let forged = try await pages.postFiles(
                "/survey/upload", [:], files: files, withToken: false)
            #expect(forged.status == .forbidden)
            let none = try await pages.postFiles("/survey/upload", [:], files: [])
            #expect(none.status == .badRequest)
        }
    }

    /// The table marks many respondents at once; a respondent's page shows its review, who
    /// sent it, its history, and marks it alone; a refusal says what is wrong and marks none.
    @Test func respondentsAreMarkedFromTheTableAndTheirOwnPage() async throws {
        try write("id: r1\nname: Ada\n", to: "ada.yaml")
        try write("id: r2\nname: Dee\n", to: "dee.yaml")
        try write("id: r3\nname: Eve\n", to: "eve.yaml")
        try await withLiveServer { pages, _ in
            _ = try await pages.post("/survey/sync", ["folder": "Respondents"])
            let table = try await pages.get("/survey")
            #expect(
                table.html.contains(
                    #"<td>received</td><th scope="row"><a href="/survey/respondents/r1">"#))
            #expect(table.html.contains(#"value="r1" form="review-form""#))
            // Marked, the table is shown again by a redirect (a reload marks nothing again),
            // saying what was marked, once.
            let posted = try await pages.postEncoded(
                "/survey/review", "id=r1&id=r3&state=approved&comment=")
            #expect(posted.status == .seeOther)
            #expect(posted.location == "/survey")
            let marked = try await pages.get("/survey")
            #expect(
                marked.html.contains(
                    #"id="review-summary" role="status">Marked 2 respondents approved."#))
            #expect(!(try await pages.get("/survey")).html.contains("review-summary"))
            #expect(
                marked.html.contains(
                    #"<td>approved</td><th scope="row"><a href="/survey/respondents/r3">"#))
            #expect(
                marked.html.contains(
                    #"<td>received</td><th scope="row"><a href="/survey/respondents/r2">"#))
            // Marked from a filtered table, the table stays as it was.
            let filtered = try await pages.get("/survey?state=approved")
            #expect(filtered.html.contains(#"name="back" value="state=approved""#))
            let staysPosted = try await pages.postEncoded(
                "/survey/review", "id=r1&state=rejected&back=state%3Dapproved")
            #expect(staysPosted.location == "/survey?state=approved")
            let stays = try await pages.get("/survey?state=approved")
            #expect(stays.html.contains("Marked 1 respondent rejected."))
            #expect(stays.html.contains("Showing 1 respondent approved."))
            let unknown = try await pages.postEncoded(
                "/survey/review", "id=r2&id=ghost&state=rejected")
            #expect(unknown.status == .notFound)
            #expect(
                unknown.html.contains("There is no respondent &#39;ghost&#39;; none was marked."))
            // A refused marking keeps what was chosen and typed in its form.
            let kept = try await pages.postEncoded(
                "/survey/review", "state=rejected&comment=Check%20the%20ages")
            #expect(kept.status == .badRequest)
            #expect(kept.html.contains(#"name="comment" maxlength="2000" value="Check the ages""#))
            #expect(kept.html.contains(#"<option value="rejected" selected>"#))
            // A search finds respondents by the words of their answers, and the page keeps it.
            let searched = try await pages.get("/survey?q=DEE")
            #expect(searched.html.contains("Showing 1 respondent matching “dee”."))
            #expect(searched.html.contains(#"href="/survey/respondents/r2""#))
            #expect(!searched.html.contains(#"href="/survey/respondents/r1""#))
            #expect(searched.html.contains(#"name="q" type="search" value="dee""#))
            let withColumns = try await pages.get("/survey?column=name&q=dee")
            #expect(
                withColumns.html.contains(
                    #"<input type="hidden" name="column" value="name">"# + "\n"
                        + #"<label for="respondent-search">"#))
            #expect(searched.html.contains(#"<a href="/survey?state=approved&amp;q=dee">"#))
            // The days of arrival filter the table, kept by its links and its other forms.
            // (From the day before to the day after: the test may run over midnight.)
            let today = ReceivedDay(holding: Date())
            let (from, to) = (today.previous.text, ReceivedDay(holding: today.end).text)
            let dated = try await pages.get("/survey?from=\(from)&to=\(to)&q=dee")
            #expect(
                dated.html.contains(
                    "Showing 1 respondent matching “dee”, received from \(from) to \(to)."))
            #expect(dated.html.contains(#"name="from" type="date" value="\#(from)""#))
            #expect(dated.html.contains(#"<input type="hidden" name="to" value="\#(to)">"#))
            #expect(
                dated.html.contains(
                    #"<a href="/survey?state=approved&amp;q=dee&amp;from=\#(from)&amp;to=\#(to)">"#
                ))
            let later = try await pages.get("/survey?from=9999-12-31")
            #expect(later.html.contains("Showing 0 respondents received from 9999-12-31."))
            #expect(try await pages.get("/survey?to=someday").status == .badRequest)
            // By a field's value, kept by the links.
            let named = try await pages.get("/survey?field=name&value=Dee")
            #expect(named.html.contains("Showing 1 respondent whose name is “Dee”."))
            #expect(named.html.contains(#"href="/survey/respondents/r2""#))
            #expect(!named.html.contains(#"href="/survey/respondents/r1""#))
            #expect(named.html.contains(#"name="field" value="name""#))
            #expect(
                named.html.contains(
                    #"<a href="/survey?state=approved&amp;field=name&amp;value=Dee">approved</a>"#),
                "a field value is counted by a pass over the store: its links go without counts")
            #expect(
                named.html.contains(
                    #"href="/api/respondents?format=csv&amp;field=name&amp;value=Dee""#))
            // Sorted by a column: its header a link, the sort kept by the filters' links.
            let byName = try await pages.get("/survey?sort=name&order=desc")
            #expect(byName.html.contains("3 respondents received, sorted by name, descending."))
            #expect(
                byName.html.contains(
                    #"<th scope="col" aria-sort="descending"><a href="/survey?sort=name">name</a></th>"#
                ))
            let rows = ["r1", "r2", "r3"].compactMap { id in
                byName.html.range(of: #"<a href="/survey/respondents/\#(id)">"#)?.lowerBound
            }
            #expect(rows.count == 3 && rows[2] < rows[1] && rows[1] < rows[0], "Eve, Dee, Ada")
            #expect(
                byName.html.contains(
                    #"<a href="/survey?state=approved&amp;sort=name&amp;order=desc">"#))
            #expect(byName.html.contains(#"<input type="hidden" name="order" value="desc">"#))
            #expect(try await pages.get("/survey?sort=name&order=up").status == .badRequest)
            #expect(
                try await pages.get("/survey?sort=name&sorted_after=").status == .badRequest)
            // A sorted table offers no newest-first pages.
            let sortedDeep = try await pages.get("/survey?sort=name&page=2")
            #expect(
                !sortedDeep.html.contains(">Newer</a>") && !sortedDeep.html.contains(">Older</a>"))
            // After a respondent no longer stored, the order starts again.
            #expect(
                try await pages.get("/survey?sort=name&sorted_after=nobody").status == .ok
            )
            let many = (0...16).map { "w\($0)" }.joined(separator: "+")
            #expect(try await pages.get("/survey?q=\(many)").status == .badRequest)
            let none = try await pages.postEncoded("/survey/review", "state=rejected")
            #expect(none.status == .badRequest)
            let badState = try await pages.postEncoded("/survey/review", "id=r2&state=fine")
            #expect(badState.status == .badRequest)
            // A table's address that cannot be read does not stop the marking.
            let odd = try await pages.postEncoded(
                "/survey/review", "id=r2&state=approved&back=page%3Dx")
            #expect(odd.status == .seeOther)
            #expect(odd.location == "/survey")
            #expect(try await pages.get("/survey").html.contains("Marked 1 respondent approved."))
            // Nor one that is not a query at all: the table's first page.
            let header = try await pages.postEncoded(
                "/survey/review", "id=r2&state=approved&back=x%0D%0ALocation:%20/evil")
            #expect(header.location == "/survey")
            let one = try await pages.post(
                "/survey/respondents/r2/review", ["state": "has-issues", "comment": "age is 300"])
            #expect(one.status == .seeOther)
            let detail = try await pages.get("/survey/respondents/r2")
            #expect(detail.html.contains("State: <strong>has issues</strong>, set by owner"))
            #expect(detail.html.contains("Comment: age is 300"))
            #expect(detail.html.contains("Received from someone unknown"))
            #expect(detail.html.contains("Marked has issues by owner"))
            #expect(detail.html.contains(#"<option value="has-issues" selected>"#))
            #expect(!detail.html.contains("not shown."))
        }
        try write("id: r3\nname: Eve Ray\n", to: "eve.yaml")
        try await withLiveServer { pages, _ in
            _ = try await pages.post("/survey/sync", ["folder": "Respondents"])
            let detail = try await pages.get("/survey/respondents/r3")
            #expect(detail.html.contains("State: <strong>received</strong>."))
            #expect(detail.html.contains("received again (was approved)"))
            // A long history shows its latest events, and says how many it leaves out.
            let reviews = try #require(stores.respondents as? any ReviewedRespondentStore)
            for _ in 0..<100 {
                try await reviews.setReview(.hasIssues, of: ["r3"], by: "ines", comment: nil)
            }
            let long = try await pages.get("/survey/respondents/r3")
            #expect(long.html.contains("3 earlier events not shown."))
        }
    }

    /// A respondent's history links each version that arrived to its own page: its sender,
    /// its fields and the text of its file, whether a later version replaced it or not.
    @Test func eachVersionThatArrivedHasItsOwnPage() async throws {
        let reviews = try #require(stores.respondents as? any ReviewedRespondentStore)
        var first = Respondent(id: "r 1", fields: ["id": "r 1", "age": 34])
        first.originalYAML = "id: r 1\nage: 34  # asked twice\n"
        _ = try await reviews.upsert(
            [first], from: RespondentSender(user: "sara", device: "phone 3"))
        _ = try await reviews.upsert(
            [Respondent(id: "r 1", fields: ["id": "r 1", "age": 43])],
            from: RespondentSender(user: "sam", device: nil))
        try await withLiveServer { pages, _ in
            let detail = try await pages.get("/survey/respondents/r%201")
            #expect(
                detail.html.contains(
                    #"<a href="/survey/respondents/r%201/versions/1">version 1</a>"#))
            #expect(
                detail.html.contains(
                    #"<a href="/survey/respondents/r%201/versions/2">version 2</a>"#))
            let replaced = try await pages.get("/survey/respondents/r%201/versions/1")
            #expect(replaced.status == .ok)
            #expect(replaced.html.contains("<h1>Respondent r 1, version 1</h1>"))
            #expect(replaced.html.contains("Sent by sara on phone 3 at"))
            #expect(replaced.html.contains("Version 2 replaced it"))
            #expect(replaced.html.contains("<dt>age</dt><dd>34</dd>"))
            #expect(replaced.html.contains("age: 34  # asked twice"))
            let current = try await pages.get("/survey/respondents/r%201/versions/2")
            #expect(current.html.contains("This is its current version."))
            #expect(current.html.contains("<dt>age</dt><dd>43</dd>"))
            #expect(current.html.contains(#"id="no-original""#))
            let missing = try await pages.get("/survey/respondents/r%201/versions/3")
            #expect(missing.status == .notFound)
            #expect(missing.html.contains("Respondent &#39;r 1&#39; has no version 3."))
            #expect(
                try await pages.get("/survey/respondents/r%201/versions/x").status == .badRequest)
        }
        // A version that arrived before versions were kept is numbered, and gone.
        let queue = try DatabaseQueue(
            path: stores.dataDirectory.appendingPathComponent("respondents.sqlite").path)
        try await queue.write { db in
            try db.execute(sql: "UPDATE respondent_event SET body = NULL WHERE version = 1")
        }
        try await queue.close()
        try await withLiveServer { pages, _ in
            let gone = try await pages.get("/survey/respondents/r%201/versions/1")
            #expect(gone.status == .gone)
            #expect(gone.html.contains("arrived before this store kept versions"))
        }
    }

    /// The table filters by review state and by sender, with a count beside each filter, and
    /// its pages and column choices keep the filter.
    @Test func theTableFiltersByReviewStateAndSender() async throws {
        let reviews = try #require(stores.respondents as? any ReviewedRespondentStore)
        let phone = RespondentSender(user: "sara", device: "phone 3")
        _ = try await reviews.upsert(
            (0..<25).map { Respondent(id: "s\($0)", fields: ["id": .string("s\($0)")]) },
            from: phone)
        _ = try await reviews.upsert(
            [Respondent(id: "t0", fields: ["id": "t0"])],
            from: RespondentSender(user: "theo", device: nil))
        try await reviews.setReview(.rejected, of: ["s3", "t0"], by: "ines", comment: nil)
        try await withLiveServer { pages, _ in
            let all = try await pages.get("/survey")
            #expect(all.html.contains(#"<a href="/survey?state=rejected">rejected (2)</a>"#))
            #expect(all.html.contains(#">sara (25)</a>"#))
            #expect(
                all.html.contains(
                    #"<a href="/survey?user=sara&amp;device=phone%203">sara on phone 3 (25)</a>"#))
            #expect(all.html.contains(#">theo (1)</a>"#))
            let rejected = try await pages.get("/survey?state=rejected")
            #expect(rejected.html.contains("Showing 2 respondents rejected."))
            // Each link counts what it shows, the current filter kept.
            #expect(
                rejected.html.contains(
                    #"<a href="/survey?state=rejected&amp;user=sara">sara (1)</a>"#))
            #expect(rejected.html.contains(#">theo (1)</a>"#))
            #expect(rejected.html.contains(#">anyone (2)</a>"#))
            #expect(rejected.html.contains(#"href="/survey/respondents/s3""#))
            #expect(!rejected.html.contains(#"href="/survey/respondents/s4""#))
            #expect(rejected.html.contains(#"<input type="hidden" name="state" value="rejected">"#))
            let sara = try await pages.get("/survey?user=sara&device=phone%203")
            #expect(sara.html.contains("Showing 25 respondents sent by sara on phone 3."))
            // Older and Newer follow the cursor, and keep the filter.
            let older = try #require(Self.link("Older", in: sara.html))
            #expect(older.hasPrefix("/survey?user=sara&device=phone%203&before="))
            let second = try await pages.get(older)
            #expect(second.html.contains(#"href="/survey/respondents/s0""#))
            #expect(!second.html.contains(#"href="/survey/respondents/s5""#))
            #expect(!second.html.contains(#"href="/survey/respondents/t0""#))
            #expect(Self.link("Older", in: second.html) == nil)
            let newer = try #require(Self.link("Newer", in: second.html))
            #expect(newer.hasPrefix("/survey?user=sara&device=phone%203&after="))
            let back = try await pages.get(newer)
            #expect(back.html.contains(#"href="/survey/respondents/s24""#))
            #expect(back.html.contains(#"href="/survey/respondents/s5""#))
            #expect(Self.link("Newer", in: back.html) == nil)
            // A cursor with fewer than a page newer than it shows the top page.
            let stale = try await pages.get("/survey?user=sara&device=phone%203&after=999999")
            #expect(stale.html.contains(#"href="/survey/respondents/s24""#))
            #expect(Self.link("Older", in: stale.html) != nil)
            // The offset of a page, as before, still answers.
            let offset = try await pages.get("/survey?user=sara&device=phone%203&page=1")
            #expect(offset.html.contains(#"href="/survey/respondents/s0""#))
            #expect(try await pages.get("/survey?state=fine").status == .badRequest)
            // Empty fields, as a form sends them, filter nothing.
            let empty = try await pages.get("/survey?state=&user=&device=")
            #expect(empty.html.contains("26 respondents received"))
            #expect(!empty.html.contains(#"id="filtered""#))
        }
    }

    @Test func aSyncOfAFolderAnotherSyncHoldsIsRefusedAsAConflict() async throws {
        try write("id: r1\n", to: "r1.yaml")
        let held = try #require(try LocalRespondentFolder(url: folder).claimForSync())
        defer { held.end() }
        let dataDirectory = stores.dataDirectory.path
        try await withLiveServer { pages, port in
            let result = try await pages.post("/survey/sync", ["folder": "Respondents"])
            #expect(result.status == .conflict)
            #expect(
                result.html.contains(
                    "Another sync of this folder is running; try again when it has finished."))
            #expect(!result.html.contains(dataDirectory))
        }
        #expect(try await stores.respondents.count() == 0)
    }

    /// The page's sync goes to this server, or to a backend the operator allowed when it started;
    /// never to a URL a visitor typed, and never to one taken from the request's Host header.
    @Test func syncsOnlyToABackendTheOperatorAllowed() async throws {
        try write("id: r1\nname: Ada\n", to: "ada.yaml")
        let backend = try RouteFixture()
        try await Application(
            router: try CasebookServer.router(stores: backend.stores),
            configuration: .init(address: .hostname("127.0.0.1", port: 0))
        ).test(.live) { backendClient in
            let backendURL = URL(string: "http://127.0.0.1:\(try #require(backendClient.port))")!
            try await withLiveServer(syncBackends: [backendURL]) { pages, _ in
                let form = try await pages.get("/survey")
                #expect(form.html.contains("<option value=\"\(backendURL.absoluteString)\">"))
                for refused in [
                    "http://169.254.169.254/latest", "http://127.0.0.1:1/", "file:///etc",
                ] {
                    let page = try await pages.post(
                        "/survey/sync", ["folder": "Respondents", "backend": refused])
                    #expect(page.status == .badRequest)
                    #expect(page.html.contains("is not a backend this server may sync to"))
                }
                let result = try await pages.post(
                    "/survey/sync",
                    ["folder": "Respondents", "backend": backendURL.absoluteString])
                #expect(result.status == .ok)
                #expect(result.html.contains("synced 1, unchanged 0, failed 0"))
            }
        }
        #expect(try await backend.stores.respondents.count() == 1)
        #expect(try await stores.respondents.count() == 0)
    }

    /// The page verifies a folder by the same rules as `casebook survey verify`, and its sync
    /// says, as the command does, when the store is new to the folder.
    @Test func verifiesAFolderAndSaysWhatDiffers() async throws {
        try write("id: r1\nname: Ada\n", to: "ada.yaml")
        try write("id: r2\nname: Grace\n", to: "grace.yaml")
        try await withLiveServer { pages, _ in
            let synced = try await pages.post("/survey/sync", ["folder": "Respondents"])
            #expect(synced.html.contains("backend this server (store "))
            #expect(synced.html.contains("is new to this folder: sending all 2"))
            let identical = try await pages.post("/survey/verify", ["folder": "Respondents"])
            #expect(identical.status == .ok)
            #expect(identical.html.contains("All 2 respondents are on the backend, identical."))
            try write("id: r2\nname: Grace Hopper\n", to: "grace.yaml")
            try write("id: r3\nname: Edsger\n", to: "edsger.yaml")
            let differing = try await pages.post("/survey/verify", ["folder": "Respondents"])
            #expect(differing.status == .ok)
            #expect(
                differing.html.contains("identical 1, missing 1, different 1, only on backend 0"))
            #expect(differing.html.contains("<li>missing r3 (edsger.yaml)</li>"))
            #expect(differing.html.contains("<li>different r2 (grace.yaml)</li>"))
        }
    }
}
