import Accounts
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import SurveySyncCore
import Testing

@testable import CasebookServer

/// A surveyor reads the respondents they sent, read-only, with the review and its comment, and
/// learns nothing of anyone else's; the survey page offers them uploads, not a server's folder.
@Suite("A surveyor's own respondents")
struct SurveyorRespondentPageTests {
    @Test func aSurveyorReadsTheirOwnRespondentAndItsReviewButNotAnothers() async throws {
        let fixture = try await UsersFixture(users: [
            ("sam", .surveyor), ("ada", .admin), ("tia", .surveyor),
        ])
        let reviews = try #require(fixture.stores.respondents as? any ReviewedRespondentStore)
        _ = try await reviews.upsert(
            [Respondent(id: "h1", fields: ["id": "h1", "village": "Kisumu"])],
            from: RespondentSender(user: "sam", device: "phone-1"))
        _ = try await reviews.upsert(
            [Respondent(id: "h2", fields: ["id": "h2", "village": "Nakuru"])],
            from: RespondentSender(user: "tia", device: "phone-2"))
        try await reviews.setReview(
            .rejected, of: ["h1"], by: "ada", comment: "The age is missing.")
        try await fixture.withPages(signedInAs: "sam") { pages in
            let own = try await pages.get("/survey/respondents/h1")
            #expect(own.status == .ok)
            #expect(own.html.contains("Kisumu"))
            #expect(own.html.contains("State: <strong>rejected</strong>"))
            #expect(own.html.contains("Comment: The age is missing."))
            // Times as a person reads them, the instant kept for machines.
            #expect(!own.html.contains("Z</time>"))
            #expect(own.html.contains(#"<time datetime="20"#))
            // Read-only: no form to mark it, no version's page.
            #expect(!own.html.contains(#"id="mark""#))
            #expect(!own.html.contains("/versions/"))
            // Another's, or one there is not: refused alike.
            for path in ["/survey/respondents/h2", "/survey/respondents/nobody"] {
                let refused = try await pages.get(path)
                #expect(refused.status == .forbidden, "\(path)")
                #expect(
                    !refused.html.contains("Nakuru")
                        && !refused.html.contains("There is no respondent"))
            }
            let survey = try await pages.get("/survey").html
            #expect(survey.contains(#"<a href="/survey/respondents/h1">h1</a>"#))
            #expect(!survey.contains("Nakuru"))
            #expect(!survey.contains("Sync now") && !survey.contains(#"name="folder""#))
        }
    }
}
