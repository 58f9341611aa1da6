import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Menu
import Testing

@testable import CasebookServer

/// The menu changed from the browser: prices saved as the next revision, which the menu page
/// and the API serve at once; a save from a revision someone else saved after is the conflict
/// page and saves nothing; a price that is none is shown again, naming the dish; the history
/// lists every revision with what it changed, and restores any.
@Suite("Editing the menu in the browser")
struct MenuEditPagesTests {
    let fixture: OnlyPersonPages
    var stores: CasebookServer.Stores { fixture.stores }

    init() throws { fixture = try OnlyPersonPages() }

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        try await fixture.withPages(body)
    }

    @Test func pricesAreSavedAsTheNextRevisionAndServedAtOnce() async throws {
        try await withPages { pages in
            let form = try await pages.get("/menu/edit")
            #expect(form.status == .ok)
            #expect(form.html.contains(#"name="revision" value="1""#))
            #expect(
                form.html.contains(
                    #"<label for="price-pizzas-0">Margherita</label>"# + "\n"
                        + #"<input id="price-pizzas-0" name="price.pizzas.0" value="8.50""#))
            let saved = try await pages.post(
                "/menu/edit", ["revision": "1", "price.pizzas.0": " 7.90 "])
            #expect(saved.status == .ok)
            #expect(saved.html.contains("Saved as revision 2."))
            #expect(saved.html.contains(#"name="price.pizzas.0" value="7.90""#))
            #expect(try await pages.get("/menu").html.contains("€7.90"))
            #expect(try await pages.get("/api/menu").html.contains(#""price":"7.90""#))
            // Someone saving from revision 1 now: the conflict page, nothing saved.
            let stale = try await pages.post(
                "/menu/edit", ["revision": "1", "price.pizzas.0": "9.00"])
            #expect(stale.status == .conflict)
            #expect(
                stale.html.contains(
                    "owner saved revision 2 after you opened revision 1. Nothing of yours was saved"
                ))
            #expect(stale.html.contains(#"name="revision" value="2""#))
            // What they changed is listed, to make again on the menu as it now is.
            #expect(stale.html.contains("<li>Margherita: 8.50 → 9.00</li>"))
            #expect(try await stores.menu.current()?.number == 2)
            // A price that is none: the form again, naming the dish; nothing saved.
            let bad = try await pages.post(
                "/menu/edit", ["revision": "2", "price.pizzas.1": "cheap"])
            #expect(bad.status == .badRequest)
            #expect(
                bad.html.contains(
                    "Marinara: &#39;cheap&#39; is not a price (a number ≥ 0 with at most 2 decimals)."
                ))
            #expect(bad.html.contains(#"name="price.pizzas.1" value="cheap""#))
            #expect(
                try await pages.post("/menu/edit", ["price.pizzas.0": "1"]).status == .badRequest)
            #expect(
                try await pages.post("/menu/edit", ["revision": "9", "price.pizzas.0": "1"]).status
                    == .badRequest)
            #expect(try await stores.menu.current()?.number == 2)
            // The same prices again: no new revision.
            let same = try await pages.post(
                "/menu/edit", ["revision": "2", "price.pizzas.0": "7.90"])
            #expect(same.html.contains("Nothing changed: revision 2 stays."))
            #expect(try await stores.menu.current()?.number == 2)
            // A menu of many dishes is changed whole: a field per dish.
            var every = ["revision": "2"]
            for index in 0..<100 { every["price.pizzas.\(index)"] = "1" }
            #expect(try await pages.post("/menu/edit", every).status == .ok)
        }
    }

    /// A dish marked sold out, today or until further notice: the menu page says so in words,
    /// the API and schema.org too; the history tells it; taking the mark away offers it again.
    @Test func dishesAreMarkedSoldOutAndOfferedAgain() async throws {
        try await withPages { pages in
            let form = try await pages.get("/menu/edit")
            #expect(
                form.html.contains(
                    #"<select name="soldout.pizzas.0" aria-label="Margherita: sold out?">"#))
            let saved = try await pages.post(
                "/menu/edit",
                ["revision": "1", "soldout.pizzas.0": "today", "soldout.pizzas.1": "always"])
            #expect(saved.html.contains("Saved as revision 2."))
            #expect(saved.html.contains(#"<option value="today" selected>Sold out today</option>"#))
            let menu = try await pages.get("/menu")
            #expect(
                menu.html.components(separatedBy: #"<strong class="sold-out">Sold out</strong>"#)
                    .count == 3)
            #expect(menu.html.contains("https://schema.org/SoldOut"))
            let api = try await pages.get("/api/menu")
            #expect(api.html.components(separatedBy: #""soldOut":true"#).count == 3)
            let history = try await pages.get("/menu/history")
            #expect(history.html.contains("Margherita: sold out on \(MenuService.today())"))
            #expect(history.html.contains("Marinara: sold out until further notice"))
            _ = try await pages.post("/menu/edit", ["revision": "2", "soldout.pizzas.1": ""])
            #expect(try await pages.get("/menu/history").html.contains("Marinara: offered again"))
            let wrong = try await pages.post(
                "/menu/edit", ["revision": "3", "soldout.pizzas.0": "soon"])
            #expect(wrong.status == .badRequest)
        }
    }

    /// A dish marked sold out on a day other than today (a menu file may mark one ahead) keeps
    /// its mark through the forms: they show the day, chosen, and a save that changes
    /// something else leaves it, where they showed "Offered" and a save took the mark away.
    @Test func aSoldOutDayOtherThanTodayIsKeptByTheForms() async throws {
        try await withPages { pages in
            _ = try await pages.get("/menu/edit")
            _ = try await pages.post(
                "/menu/edit", ["revision": "1", "soldout.pizzas.0": "2999-12-25"])
            let chosen = #"<option value="2999-12-25" selected>Sold out on 2999-12-25</option>"#
            #expect(try await pages.get("/menu/edit").html.contains(chosen))
            #expect(try await pages.get("/menu/dish?section=pizzas&index=0").html.contains(chosen))
            let saved = try await pages.post(
                "/menu/edit",
                ["revision": "2", "price.pizzas.1": "9.00", "soldout.pizzas.0": "2999-12-25"])
            #expect(saved.html.contains("Saved as revision 3."))
            let menu = try #require(try await stores.menu.current()).menu
            #expect(
                menu.details(at: MenuPlace(section: .pizzas, index: 0))?.soldOut
                    == .on(day: "2999-12-25"))
            #expect(!(try await pages.get("/menu/history").html.contains("offered again")))
            // A day the calendar does not have is no choice.
            let impossible = try await pages.post(
                "/menu/edit", ["revision": "3", "soldout.pizzas.0": "2999-02-30"])
            #expect(impossible.status == .badRequest)
            // A mark of a day gone by is shown as what it is now: offered.
            #expect(
                MenuEditPages.soldOutChoice(.on(day: "2000-01-01"), today: "2026-11-27")["offered"]
                    as? Bool == true)
        }
    }

    @Test func theHistoryListsWhatEachRevisionChangedAndRestoresAny() async throws {
        try await withPages { pages in
            _ = try await pages.get("/menu/edit")
            _ = try await pages.post("/menu/edit", ["revision": "1", "price.pizzas.0": "7.90"])
            let history = try await pages.get("/menu/history")
            #expect(history.html.contains("Margherita: 8.50 → 7.90"))
            #expect(history.html.contains("<strong>Revision 2</strong> (current), by owner"))
            #expect(history.html.contains(#"<input type="hidden" name="number" value="1">"#))
            // A dish's own history: the revisions that changed it.
            _ = try await pages.post("/menu/edit", ["revision": "2", "price.desserts.0": "5.50"])
            let margherita = try await pages.get("/menu/history?dish=Margherita")
            #expect(margherita.html.contains("Only the revisions that changed Margherita."))
            #expect(margherita.html.contains("Margherita: 8.50 → 7.90"))
            #expect(margherita.html.contains("Margherita: on the menu at 8.50"))
            #expect(!margherita.html.contains("<strong>Revision 3</strong>"))
            #expect(!margherita.html.contains("Tiramisù"))
            let edit = try await pages.get("/menu/edit")
            #expect(
                edit.html.contains(
                    #"<a href="/menu/history?dish=Margherita" class="hint">History of Margherita</a>"#
                ))
            #expect(
                try await pages.get("/menu/history?dish=\(String(repeating: "x", count: 257))")
                    .status == .badRequest)
            let restored = try await pages.post("/menu/restore", ["number": "1", "revision": "3"])
            #expect(restored.status == .seeOther)
            #expect(try await stores.menu.current()?.number == 4)
            #expect(try await stores.menu.current()?.menu == .giuseppes)
            #expect(try await pages.get("/menu/history").html.contains("restored revision 1"))
            // Restored from a history opened before the menu changed: the history again, as
            // it is now, saying why nothing was restored.
            let stale = try await pages.post("/menu/restore", ["number": "1", "revision": "3"])
            #expect(stale.status == .conflict)
            #expect(stale.html.contains("The menu changed after you opened its history"))
            #expect(stale.html.contains("restored revision 1"))
            #expect(stale.html.contains(#"name="revision" value="4""#))
            let unknown = try await pages.post("/menu/restore", ["number": "7", "revision": "4"])
            #expect(unknown.status == .notFound)
        }
    }
}
