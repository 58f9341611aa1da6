import Accounts
import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CasebookServer

/// What people do with the menu, the survey and their diaries reaches the audit log once it is
/// done: by whom, on which route; a refused request writes nothing.
@Suite("The audit log of menu saves, reviews, imports and exports")
struct AuditedRoutesTests {
    let fixture: UsersFixture

    init() async throws {
        fixture = try await UsersFixture(users: [("ada", .admin), ("mia", .manager)])
    }

    func events() async throws -> [AuditEvent] {
        try await fixture.people.entries(limit: 50, before: nil).map(\.event)
    }

    /// A route named for the log and not served would be a change nobody records.
    @Test func everyAuditedRouteIsOneTheServerServes() {
        let served = Set(RouteTable.routes.map(\.key))
        for key in RouteTable.audited.keys { #expect(served.contains(key), "\(key)") }
    }

    @Test func aSavedMenuIsRecordedAndARefusedOneIsNot() async throws {
        try await fixture.withPages(signedInAs: "mia") { pages in
            let editor = try await pages.get("/menu/edit")
            #expect(editor.status == .ok)
            let current = try #require(try await fixture.stores.menu.current()).number
            let refused = try await pages.post(
                "/menu/edit", ["revision": String(current), "price.pizzas.0": "x"])
            #expect(refused.status.code >= 400)
            #expect(try await events().isEmpty)
            let saved = try await pages.post(
                "/menu/edit", ["revision": String(current), "price.pizzas.0": "7.90"])
            #expect(saved.status.code < 400)
            let event = try #require(try await events().first)
            #expect(event.action == .menuSaved)
            #expect(event.actor == "mia")
            #expect(event.detail == "POST /menu/edit")
        }
    }

    @Test func anExportOfTheSurveyIsRecordedAndAListIsNot() async throws {
        try await fixture.withPages(signedInAs: "ada") { pages in
            let list = try await pages.get("/api/respondents")
            #expect(list.status == .ok)
            #expect(try await events().isEmpty)
            let csv = try await pages.get("/api/respondents?format=csv")
            #expect(csv.status == .ok)
            #expect(try await events().map(\.action) == [.surveyExported])
            let diary = try await pages.get("/diary/export")
            #expect(diary.status == .ok)
            #expect(try await events().first?.action == .diaryExported)
        }
    }
}
