import Accounts
import CasebookTestSupport
import CasebookWire
import Foundation
import Hummingbird
import HummingbirdTesting
import SurveySyncCore
import Testing

@testable import CasebookServer

/// The survey's form from the browser: an admin gives a version, the team reads its data
/// dictionary, respondents arriving are checked against it (stored as sent, marked with each
/// problem), and the table reads as the form.
@Suite("The survey's form")
struct SurveyFormPageTests {
    @Test func anAdminGivesTheFormAndArrivingRespondentsAreCheckedAgainstIt() async throws {
        let fixture = try await UsersFixture(users: [("ada", .admin), ("sam", .surveyor)])
        try await fixture.withPages(signedInAs: "ada") { pages in
            let none = try await pages.get("/survey/form")
            #expect(none.status == .ok)
            #expect(none.html.contains(#"id="no-form""#))
            let bad = try await pages.postFile(
                "/survey/form", [:], file: "survey:\n  - {type: integer}\n", filename: "bad.yaml")
            #expect(bad.status.code == 422)
            #expect(bad.html.contains("That file was not kept: "))
            #expect(bad.html.contains("survey sheet, row 2"))
            #expect(try await fixture.stores.surveyForms.latestVersion() == nil)
            let given = try await pages.postFile(
                "/survey/form", [:], file: SurveyFormFixture.household,
                filename: "household.yaml")
            #expect(given.status == .ok)
            #expect(given.html.contains("Version 1 of the form is kept, with 6 questions."))
            #expect(given.html.contains("<strong>Household survey</strong>"))
            // The data dictionary, in the form's order and default language.
            #expect(
                given.html.contains(
                    "<th scope=\"row\">People</th><td data-label=\"Name\"><code>household/size</code>"
                ))
            #expect(given.html.contains("kis = Kisumu; nak = Nakuru"))
            #expect(
                given.html.contains(
                    "must meet <code>. &gt;= 1 and . &lt;= 30</code>: “Between 1 and 30”"))
            #expect(given.html.contains("asked when <code>${age} &gt; 100</code>"))
            #expect(given.html.contains(#"<ul id="unchecked"><li><code>odd</code>, constraint"#))
            // As the page's own form sends it, a space as `+`.
            let french = try await pages.get("/survey/form?lang=Fran%C3%A7ais+%28fr%29")
            #expect(french.html.contains("<th scope=\"row\">Personnes</th>"))
            #expect(french.html.contains("kis = Kisoumou"))

            // A respondent that breaks the form is stored as sent and marked.
            let uploaded = try await pages.postFiles(
                "/survey/upload", [:],
                files: [
                    (
                        field: "files", filename: "h1.yaml",
                        contents:
                            "id: h1\nname: Zoë\nhousehold:\n  size: 40\nvillage: kis\nage: forty\n"
                    ),
                    (
                        field: "files", filename: "h2.yaml",
                        contents:
                            "id: h2\nname: Ali\nhousehold:\n  size: 3\nvillage: nak\nage: 30\n"
                    ),
                ])
            #expect(uploaded.html.contains("1 of them has issues against the form"))
            #expect(uploaded.html.contains("h1.yaml: stored, 2 issues against the form"))
            #expect(uploaded.html.contains("h2.yaml: stored<"))
            let stored = try #require(try await fixture.stores.respondents.respondent(id: "h1"))
            #expect(stored.fields["age"] == .string("forty"))
            // Marked as having issues for the team's filter, with what they are.
            let reviews = try #require(fixture.stores.respondents as? any ReviewedRespondentStore)
            let statuses = try await reviews.statuses(of: ["h1", "h2"])
            #expect(statuses["h1"]?.state == .hasIssues)
            #expect(statuses["h1"]?.reviewer == "the form check")
            #expect(
                statuses["h1"]?.comment == "2 problems against form version 1: household/size, age")
            #expect(statuses["h2"]?.state == .received)
            let page = try await pages.get("/survey/respondents/h1")
            #expect(page.html.contains("Has issues: 2 issues"))
            #expect(page.html.contains("<code>household/size</code>: &#39;40&#39; breaks the rule"))
            #expect(page.html.contains("<code>age</code>: &#39;forty&#39; is not a whole number"))
            #expect(
                page.html.contains(
                    #"<a href="/survey/form/versions/1">version 1 of the survey's form</a>"#))
            let good = try await pages.get("/survey/respondents/h2")
            #expect(good.html.contains("Keeps the form"))
            // The table: the form's labels, in its order, choices by their labels, h1 marked.
            let table = try await pages.get("/survey").html
            #expect(table.contains("(version 1)"))
            let name = try #require(table.range(of: ">Name</a></th>"))
            let people = try #require(table.range(of: ">People</a></th>"))
            let village = try #require(table.range(of: ">Village</a></th>"))
            #expect(name.lowerBound < people.lowerBound && people.lowerBound < village.lowerBound)
            #expect(table.contains("<td>Kisumu</td>"))
            #expect(table.contains(#"h1</a> <span class="issues">2 issues</span>"#))
            #expect(!table.contains(#"h2</a> <span class="issues">"#))
        }
        // A surveyor reads the form but cannot give one.
        try await fixture.withPages(signedInAs: "sam") { pages in
            let read = try await pages.get("/survey/form")
            #expect(read.status == .ok)
            #expect(read.html.contains("Data dictionary"))
            #expect(
                !read.html.contains(#"id="form-issues""#), "the whole survey's count is the admins'"
            )
            #expect(!read.html.contains(#"id="give-form""#))
            let refused = try await pages.postFile(
                "/survey/form", [:], file: SurveyFormFixture.household, filename: "x.yaml")
            #expect(refused.status == .forbidden)
        }
    }

    @Test func respondentsThatCameBeforeTheFormAreCheckedWhenAnAdminAsks() async throws {
        let fixture = try await UsersFixture(users: [("ada", .admin)])
        _ = try await fixture.stores.respondents.upsert([
            Respondent(id: "old", fields: ["id": "old", "name": "Old", "age": 130])
        ])
        try await fixture.withPages(signedInAs: "ada") { pages in
            _ = try await pages.postFile(
                "/survey/form", [:], file: SurveyFormFixture.household,
                filename: "household.yaml")
            let before = try await pages.get("/survey/respondents/old")
            #expect(before.html.contains("Not checked against the form"))
            let checked = try await pages.postEncoded("/survey/form/check", "")
            #expect(checked.html.contains("1 respondent checked against version 1: 1 has issues."))
            let after = try await pages.get("/survey/respondents/old")
            #expect(after.html.contains("Has issues"))
            #expect(after.html.contains("<code>age</code>: &#39;130&#39; breaks the rule"))
        }
    }

    @Test func theFormAndEachRespondentsCheckThroughTheAPI() async throws {
        let review = try RespondentReviewAPITests()
        let admin = try await review.token(for: "ines", role: .admin, label: nil)
        let phone = try await review.token(for: "sara", role: .surveyor, label: "phone 3")
        try await review.withClient { client in
            try await client.execute(
                uri: "/api/survey-form", method: .get,
                headers: RespondentReviewAPITests.headers(admin)
            ) { #expect($0.status == .notFound) }
            try await client.execute(
                uri: "/api/survey-form/versions", method: .post,
                headers: RespondentReviewAPITests.headers(phone),
                body: ByteBuffer(
                    bytes: SurveyFormRequest.body(
                        name: "household.yaml", bytes: Array(SurveyFormFixture.household.utf8)))
            ) { #expect($0.status == .forbidden) }
            try await client.execute(
                uri: "/api/survey-form/versions", method: .post,
                headers: RespondentReviewAPITests.headers(admin),
                body: ByteBuffer(
                    bytes: SurveyFormRequest.body(
                        name: "bad.yaml", bytes: Array("survey: 3\n".utf8)))
            ) { #expect($0.status == .unprocessableContent) }
            try await client.execute(
                uri: "/api/survey-form/versions", method: .post,
                headers: RespondentReviewAPITests.headers(admin),
                body: ByteBuffer(
                    bytes: SurveyFormRequest.body(
                        name: "household.yaml", bytes: Array(SurveyFormFixture.household.utf8)))
            ) { response in
                #expect(response.status == .created)
                let form = try #require(
                    try RespondentReviewAPITests.object(response.body))
                #expect(form["version"] as? Int == 1)
                #expect(form["uploadedBy"] as? String == "ines")
                #expect((form["form"] as? [String: Any])?["title"] as? String == "Household survey")
            }
            try await client.execute(
                uri: "/api/respondents", method: .post,
                headers: RespondentReviewAPITests.headers(phone),
                body: ByteBuffer(
                    string:
                        #"[{"id": "h1", "name": "Zoë", "age": -1}, {"id": "h2", "name": "Ali"}]"#)
            ) { response in
                #expect(response.status == .ok)
                let receipt = try #require(try RespondentReviewAPITests.object(response.body))
                #expect(receipt["created"] as? Int == 2)
                let issues = try #require(receipt["issues"] as? [[String: Any]])
                #expect(issues.map { $0["id"] as? String } == ["h1"])
                let problems = try #require(issues.first?["problems"] as? [[String: Any]])
                #expect(problems.first?["field"] as? String == "age")
                #expect(problems.first?["value"] as? String == "-1")
            }
            try await client.execute(
                uri: "/api/respondents/h1/check", method: .get,
                headers: RespondentReviewAPITests.headers(admin)
            ) { response in
                #expect(response.status == .ok)
                let check = try #require(try RespondentReviewAPITests.object(response.body))
                #expect(check["hasIssues"] as? Bool == true)
                #expect(check["current"] as? Bool == true)
                #expect(check["formVersion"] as? Int == 1)
            }
            try await client.execute(
                uri: "/api/survey-form/versions", method: .get,
                headers: RespondentReviewAPITests.headers(phone)
            ) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#""fileName":"household.yaml""#))
            }
        }
    }
}
