import Foundation
import Hummingbird
import Menu

/// `/menu/edit`: the menu's prices changed from the browser, each save made from the revision
/// the form was opened at (two people saving from one revision: the second gets the conflict
/// page, and nothing of theirs is saved); `/menu/history`: every revision, newest first, any
/// restored as a new one. For managers and admins.
struct MenuEditPages: Sendable {
    let renderer: PageRenderer
    let menu: MenuService

    /// The most revisions the history page lists.
    static let listedRevisions = 100
    /// The most dishes the form changes at once (its fields).
    static let mostDishes = 4_096

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/menu/edit", use: showEdit)
        router.post("/menu/edit", use: save)
        router.get("/menu/history", use: history)
        router.post("/menu/restore", use: restore)
    }

    /// `GET /menu/edit`: a price field per dish, at the current revision.
    @Sendable func showEdit(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let current = try await menu.current()
        return renderer.page(
            "menu-edit", title: "Edit the menu",
            context: Self.form(current.menu, revision: current.number, typed: [:]),
            request: request)
    }

    /// `POST /menu/edit` (`revision`, and `price.SECTION.INDEX` per dish): saves the prices as
    /// the next revision; a price that is not one is shown in the form again, naming the dish.
    @Sendable func save(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        // A field per dish, and the token and revision.
        let form = try await PostedForm.read(request, maximumFields: 2 * Self.mostDishes + 2)
        guard let base = try form.integer("revision", in: 1...Int.max) else {
            throw RequestError(.badRequest, "The form names no revision of the menu.")
                .parameter("revision")
        }
        guard let opened = try await menu.store.revision(base) else {
            throw RequestError(.badRequest, "The menu has no revision \(base).")
                .parameter("revision")
        }
        var prices: [MenuPlace: Decimal] = [:]
        var typed: [MenuPlace: String] = [:]
        var problems: [String] = []
        var marks: [MenuPlace: MenuSoldOut?] = [:]
        let today = MenuService.today()
        for place in opened.menu.places {
            if let choice = form[Self.soldOutField(place)] {
                switch choice {
                case "": marks[place] = .some(nil)
                case "today": marks[place] = .on(day: today)
                case "always": marks[place] = .untilFurtherNotice
                default:
                    throw RequestError(.badRequest, "Sold out is today, always or nothing.")
                        .field(Self.soldOutField(place))
                }
            }
            guard let text = form[Self.field(place)] else { continue }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            typed[place] = trimmed
            do {
                prices[place] = try MenuPrice.read(trimmed)
            } catch {
                problems.append("\(opened.menu.dish(at: place)?.name ?? "A dish"): \(error).")
            }
        }
        guard problems.isEmpty,
            let changed = opened.menu.repriced(prices)?.marked(marks)
        else {
            var context = Self.form(opened.menu, revision: base, typed: typed)
            context["problems"] = problems.map { ["problem": $0] }
            return renderer.page(
                "menu-edit", title: "Edit the menu", context: context, request: request,
                status: .badRequest)
        }
        if changed == opened.menu, base == (try await menu.current()).number {
            var context = Self.form(opened.menu, revision: base, typed: [:])
            context["saved"] = "Nothing changed: revision \(base) stays."
            return renderer.page(
                "menu-edit", title: "Edit the menu", context: context, request: request)
        }
        do {
            let saved = try await menu.store.save(
                changed, basedOn: base, by: SignedInUser.reviewer, note: "prices changed")
            var context = Self.form(saved.menu, revision: saved.number, typed: [:])
            context["saved"] = "Saved as revision \(saved.number)."
            return renderer.page(
                "menu-edit", title: "Edit the menu", context: context, request: request)
        } catch let conflict as MenuConflictError {
            let current = try await menu.current()
            var context = Self.form(current.menu, revision: current.number, typed: [:])
            context["conflict"] =
                "\(current.author) saved revision \(current.number) after you opened revision \(conflict.base.map(String.init) ?? "none"). Nothing of yours was saved: the prices below are theirs."
            return renderer.page(
                "menu-edit", title: "Edit the menu", context: context, request: request,
                status: .conflict)
        }
    }

    /// `GET /menu/history`: the latest revisions, newest first, each but the current with a
    /// button that restores it.
    @Sendable func history(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let dish = try FormFields(query: request)["dish"].flatMap { $0.isEmpty ? nil : $0 }
        if let dish, dish.unicodeScalars.count > 256 {
            throw RequestError(.badRequest, "A dish's name is at most 256 characters.")
                .parameter("dish")
        }
        let current = try await menu.current()
        let revisions = try await menu.store.revisions(limit: Self.listedRevisions, before: nil)
        let rows = revisions.compactMap { revision -> [String: Any]? in
            let changes = Self.changes(
                from: revisions.first { $0.number == revision.number - 1 }?.menu,
                to: revision.menu, dish: dish)
            // A dish's history: the revisions that changed it.
            if dish != nil, changes.isEmpty { return nil }
            return [
                "number": revision.number, "author": revision.author,
                "savedAt": revision.savedAt.formatted(.iso8601),
                "note": revision.note ?? false, "current": revision.number == current.number,
                "changes": changes,
            ]
        }
        return renderer.page(
            "menu-history", title: dish.map { "The history of \($0)" } ?? "The menu's history",
            context: [
                "revisions": rows, "currentRevision": current.number, "dish": dish ?? false,
            ], request: request)
    }

    /// `POST /menu/restore` (`number`, and `revision`: the current one when the page was
    /// opened): saves revision `number`'s menu again as the newest.
    @Sendable func restore(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        guard let number = try form.integer("number", in: 1...Int.max),
            let base = try form.integer("revision", in: 1...Int.max)
        else {
            throw RequestError(.badRequest, "The form names no revision to restore.")
                .parameter("number")
        }
        do {
            _ = try await menu.store.restore(number, basedOn: base, by: SignedInUser.reviewer)
        } catch let unknown as MenuStoreError {
            throw RequestError(.notFound, "\(unknown).")
        } catch is MenuConflictError {
            throw RequestError(
                .conflict, "The menu changed after you opened its history; nothing was restored.")
        }
        return PageRenderer.redirect(to: "/menu/history")
    }

    /// The form's context: a row per dish, its price as typed (or as saved).
    static func form(_ menu: Menu, revision: Int, typed: [MenuPlace: String]) -> [String: Any] {
        let today = menu.served(onDay: MenuService.today())
        let sections = MenuSection.allCases.compactMap { section -> [String: Any]? in
            let places = menu.places.filter { $0.section == section }
            guard !places.isEmpty else { return nil }
            return [
                "title": section.title,
                "dishes": places.map { place -> [String: Any] in
                    let dish = menu.dish(at: place)!
                    var query = QueryString()
                    query.append("dish", dish.name)
                    let mark = today.soldOut(at: place)
                    return [
                        "name": dish.name, "field": field(place),
                        "soldOutField": soldOutField(place),
                        "offered": mark == nil,
                        "soldOutToday": mark.map { $0 != .untilFurtherNotice } ?? false,
                        "soldOutAlways": mark == .untilFurtherNotice,
                        "historyPath": "/menu/history?" + query.text,
                        "id": field(place).replacingOccurrences(of: ".", with: "-"),
                        "price": typed[place] ?? Currency.plainText(dish.price),
                    ]
                },
            ]
        }
        return ["sections": sections, "revision": revision, "restaurant": menu.restaurant]
    }

    /// The form field of a dish's mark: `soldout.pizzas.0` (`today`, `always`, or empty).
    static func soldOutField(_ place: MenuPlace) -> String {
        "soldout.\(place.section.rawValue).\(place.index)"
    }

    /// The form field of a dish's price: `price.pizzas.0`.
    static func field(_ place: MenuPlace) -> String {
        "price.\(place.section.rawValue).\(place.index)"
    }

    /// What a revision changed of the one before, in words: "Margherita: 8.50 → 7.90".
    /// Only those of the dish named `dish`, when one is named (and its first price, in the
    /// first revision).
    static func changes(from old: Menu?, to new: Menu, dish: String? = nil) -> [[String: String]] {
        guard old != nil || dish != nil else { return [] }
        return MenuChange.list(from: old, to: new)
            .filter { dish == nil || $0.dish == dish }
            .map { ["change": $0.text] }
    }
}
