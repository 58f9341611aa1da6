import Accounts
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import SurveySyncCore
import Testing

@testable import CasebookServer

/// One household answered differently on two phones: its page says so, field by field, rather
/// than the later version silently taking the earlier one's place.
@Suite("A respondent's conflicting versions")
struct RespondentConflictPageTests {
    @Test func aVersionFromAnotherDeviceThatAnswersOtherwiseIsShownBesideTheOne() async throws {
        let fixture = try await UsersFixture(users: [("ada", .admin)])
        let reviews = try #require(fixture.stores.respondents as? any ReviewedRespondentStore)
        _ = try await reviews.upsert(
            [Respondent(id: "h1", fields: ["id": "h1", "size": 5, "village": "Kisumu"])],
            from: RespondentSender(user: "sam", device: "phone-1"))
        try await fixture.withPages(signedInAs: "ada") { pages in
            let page = try await pages.get("/survey/respondents/h1").html
            #expect(!page.contains("Conflict"))
        }
        _ = try await reviews.upsert(
            [
                Respondent(
                    id: "h1",
                    fields: ["id": "h1", "size": 6, "village": "Kisumu", "crops": "maize"])
            ],
            from: RespondentSender(user: "tia", device: "phone-2"))
        try await fixture.withPages(signedInAs: "ada") { pages in
            let html = try await pages.get("/survey/respondents/h1").html
            #expect(html.contains(#"<h2 id="conflict-heading">Conflict</h2>"#))
            #expect(html.contains("answers 2 fields otherwise than version 1 from sam on phone-1"))
            #expect(
                html.contains("<tr><th scope=\"row\">crops</th><td>(none)</td><td>maize</td></tr>"))
            #expect(html.contains("<tr><th scope=\"row\">size</th><td>5</td><td>6</td></tr>"))
            #expect(!html.contains("<th scope=\"row\">village</th>"))
        }
        // The same phone again: a correction, no conflict.
        _ = try await reviews.upsert(
            [Respondent(id: "h1", fields: ["id": "h1", "size": 7, "village": "Kisumu"])],
            from: RespondentSender(user: "tia", device: "phone-2"))
        try await fixture.withPages(signedInAs: "ada") { pages in
            let page = try await pages.get("/survey/respondents/h1").html
            #expect(!page.contains("conflict-heading"))
        }
    }
}
