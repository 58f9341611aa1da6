import Foundation
import Hummingbird
import Menu
import SurveySyncCore

/// `/menu/edit`: the menu's prices, marks, restaurant and currency changed from the browser,
/// and its dishes and sections moved and removed, each save made from the revision the form
/// was opened at (two people saving from one revision: the second gets the conflict page, and
/// nothing of theirs is saved); `/menu/history`: every revision, newest first, any restored as
/// a new one. For managers and admins.
struct MenuEditPages: Sendable {
    let renderer: PageRenderer
    let menu: MenuService

    /// The most revisions the history page lists.
    static let listedRevisions = 100
    /// The most dishes the form changes at once (its fields): a menu's most, whether it was
    /// arranged in the browser or came in a file.
    static let mostDishes = Menu.mostDishes

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

    /// `POST /menu/edit` (`revision`; `price.SECTION.INDEX` and `soldout.SECTION.INDEX` per
    /// dish; `restaurant`, `currency`, `locale`; and the `action` of the button pressed, if
    /// one moves or removes a dish or moves a section): saves it all as the next revision;
    /// what cannot be is shown in the form again, naming the dish or the field.
    @Sendable func save(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        // A field per dish, and the token, revision, restaurant, currency, locale and action.
        let form = try await PostedForm.read(request, maximumFields: 2 * Self.mostDishes + 6)
        let (base, opened) = try await Self.openedRevision(form, in: menu.store)
        var prices: [MenuPlace: Decimal] = [:]
        var typed: [MenuPlace: String] = [:]
        var problems: [String] = []
        var marks: [MenuPlace: MenuSoldOut?] = [:]
        for place in opened.menu.places {
            if let choice = form[Self.soldOutField(place)] {
                guard let mark = Self.mark(choice) else {
                    throw RequestError(
                        .badRequest, "Sold out is today, always or nothing."
                    )
                    .field(Self.soldOutField(place))
                }
                marks[place] = .some(mark)
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
        var changed = opened.menu.repriced(prices)?.marked(marks) ?? opened.menu
        do {
            changed = try Self.settings(form, of: changed)
        } catch {
            problems.append("\(error).")
        }
        var note = "edited"
        if let text = form["action"] {
            guard let action = MenuEditAction(text), let arranged = action.apply(to: changed) else {
                throw RequestError(.badRequest, "The menu has no such dish or place to move it to.")
                    .field("action")
            }
            note = action.note(in: changed)
            changed = arranged
        }
        guard problems.isEmpty else {
            // The form again as it was sent: the prices and the restaurant's fields as typed,
            // the sold-out choices as chosen.
            var context = Self.form(
                opened.menu.marked(marks) ?? opened.menu, revision: base, typed: typed)
            for name in ["restaurant", "currency", "locale"] {
                if let value = form[name] { context[name] = value }
            }
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
        return try await Self.save(
            changed, from: opened.menu, basedOn: base, note: note, store: menu,
            renderer: renderer, request: request)
    }

    /// Saves `changed` as the revision after `base` (`opened`, as the form was opened at it)
    /// and shows the edit page saying so; the conflict page (the current revision's form,
    /// saying who saved it, and what `changed` changed of `opened`) when `base` is no longer
    /// current.
    static func save(
        _ changed: Menu, from opened: Menu, basedOn base: Int, note: String,
        store menu: MenuService, renderer: PageRenderer, request: Request
    ) async throws -> Response {
        do {
            let saved = try await menu.store.save(
                changed, basedOn: base, by: SignedInUser.reviewer, note: note)
            var context = form(saved.menu, revision: saved.number, typed: [:])
            context["saved"] = "Saved as revision \(saved.number)."
            return renderer.page(
                "menu-edit", title: "Edit the menu", context: context, request: request)
        } catch let conflict as MenuConflictError {
            let current = try await menu.current()
            var context = form(current.menu, revision: current.number, typed: [:])
            context["conflict"] =
                "\(current.author) saved revision \(current.number) after you opened revision \(conflict.base.map(String.init) ?? "none"). Nothing of yours was saved: the menu below is theirs."
            // What the form changed of the revision it was opened at, to make again.
            let yours = MenuChange.list(from: opened, to: changed).map { ["change": $0.text] }
            context["yours"] = yours
            context["hasYours"] = !yours.isEmpty
            return renderer.page(
                "menu-edit", title: "Edit the menu", context: context, request: request,
                status: .conflict)
        }
    }

    /// The revision a form was opened at (its `revision`), and its number.
    static func openedRevision(_ form: FormFields, in store: any MenuStore) async throws -> (
        Int, MenuRevision
    ) {
        guard let base = try form.integer("revision", in: 1...Int.max) else {
            throw RequestError(.badRequest, "The form names no revision of the menu.")
                .parameter("revision")
        }
        guard let opened = try await store.revision(base) else {
            throw RequestError(.badRequest, "The menu has no revision \(base).")
                .parameter("revision")
        }
        return (base, opened)
    }

    /// Which of a dish's sold-out options a form shows selected, for the dish's `mark`:
    /// `offered` (a mark of a day gone by is one no longer), `soldOutToday`, `soldOutAlways`,
    /// or `soldOutOn`, the day of a mark ahead of `today` (a menu file may set one), shown as
    /// an option of its own so that a form saved unchanged keeps it.
    static func soldOutChoice(_ mark: MenuSoldOut?, today: String) -> [String: Any] {
        var ahead: String? = nil
        var past = false
        if case .on(let day)? = mark {
            // Days as `YYYY-MM-DD` sort as the calendar does.
            if day > today { ahead = day } else if day < today { past = true }
        }
        return [
            "offered": mark == nil || past, "soldOutToday": mark == .on(day: today),
            "soldOutAlways": mark == .untilFurtherNotice, "soldOutOn": ahead ?? false,
        ]
    }

    /// The mark a form's `soldout` choice sets: `today`, `always`, a day of the calendar
    /// (`YYYY-MM-DD`, the option a mark set ahead has), or nothing (offered); nil for any other
    /// choice.
    static func mark(_ choice: String) -> MenuSoldOut?? {
        switch choice {
        case "": .some(nil)
        case "today": .on(day: MenuService.today())
        case "always": .untilFurtherNotice
        // A day of the Gregorian calendar, `YYYY-MM-DD`, as the survey's filters read one.
        default: ReceivedDay(choice) == nil ? nil : .on(day: choice)
        }
    }

    /// `menu` named and priced as the form's `restaurant`, `currency` and `locale` say (each
    /// as it was when the form leaves it out; an empty locale: none).
    static func settings(_ form: FormFields, of menu: Menu) throws(MenuEditError) -> Menu {
        guard form["restaurant"] != nil || form["currency"] != nil || form["locale"] != nil
        else { return menu }
        let code = form["currency"]?.trimmingCharacters(in: .whitespaces) ?? menu.currency.code
        let locale = form["locale"].map { $0.trimmingCharacters(in: .whitespaces) }
        let currency = try Currency.checked(
            code: code,
            locale: locale.map { $0.isEmpty ? nil : $0 } ?? menu.currency.locale)
        return try menu.named(
            form["restaurant"].map { edited($0, was: menu.restaurant) } ?? menu.restaurant,
            currency: currency)
    }

    /// A text field's value as a form sent it: trimmed of the spaces around it, unless it was
    /// sent back as it was, which stays as it was (a menu file's name may end in a space).
    static func edited(_ submitted: String, was: String?) -> String {
        if let was, submitted.utf8.elementsEqual(was.utf8) { return was }
        return submitted.trimmingCharacters(in: .whitespaces)
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
        return try await historyPage(request: request, dish: dish)
    }

    /// The history page (of one dish's changes, with `dish`), with why a restore was refused
    /// (`error`) when it was.
    private func historyPage(
        request: Request, dish: String?, error: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
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
                "savedAtText": Self.moment(revision.savedAt, in: current.menu.details),
                "note": revision.note ?? false, "current": revision.number == current.number,
                "changes": changes,
            ]
        }
        return renderer.page(
            "menu-history", title: dish.map { "The history of \($0)" } ?? "The menu's history",
            context: [
                "revisions": rows, "currentRevision": current.number, "dish": dish ?? false,
                "restoreError": error ?? false,
            ], request: request, status: status)
    }

    /// `date` as a manager reads it, in the restaurant's time zone (the server's when it names
    /// none): "2 December 2026, 14:05 (Europe/Rome)".
    static func moment(_ date: Date, in details: RestaurantDetails) -> String {
        let zone = details.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = zone
        formatter.dateFormat = "d MMMM yyyy, HH:mm"
        return formatter.string(from: date) + " (\(zone.identifier))"
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
            // The history as it is now, to choose again from.
            return try await historyPage(
                request: request, dish: nil,
                error:
                    "The menu changed after you opened its history; nothing was restored. Here it is as it is now.",
                status: .conflict)
        }
        return PageRenderer.redirect(to: "/menu/history")
    }

    /// The form's context: the restaurant and its currency, then each section in the menu's
    /// order (an empty one too, to add to), a row per dish, its price as typed (or as saved).
    static func form(_ menu: Menu, revision: Int, typed: [MenuPlace: String]) -> [String: Any] {
        let day = MenuService.today()
        let order = menu.sectionOrder
        let sections = order.enumerated().map { position, section -> [String: Any] in
            let places = menu.places.filter { $0.section == section }
            var add = QueryString()
            add.append("section", section.rawValue)
            return [
                "title": section.title,
                "addPath": "/menu/dish?" + add.text,
                "earlier": position > 0 ? MenuEditAction.moveSection(section, by: -1).value : false,
                "later": position < order.count - 1
                    ? MenuEditAction.moveSection(section, by: 1).value : false,
                "empty": places.isEmpty,
                "dishes": places.map { place -> [String: Any] in
                    let dish = menu.dish(at: place)!
                    var query = QueryString()
                    query.append("dish", dish.name)
                    var edit = QueryString()
                    edit.append("section", section.rawValue)
                    edit.append("index", String(place.index))
                    return Self.soldOutChoice(menu.details(at: place)?.soldOut, today: day)
                        .merging([
                            "name": dish.name, "field": field(place),
                            "soldOutField": soldOutField(place),
                            "historyPath": "/menu/history?" + query.text,
                            "editPath": "/menu/dish?" + edit.text,
                            "up": place.index > 0
                                ? MenuEditAction.move(place, by: -1).value : false,
                            "down": place.index < places.count - 1
                                ? MenuEditAction.move(place, by: 1).value : false,
                            "remove": MenuEditAction.remove(place).value,
                            "id": field(place).replacingOccurrences(of: ".", with: "-"),
                            "price": typed[place] ?? Currency.plainText(dish.price),
                        ]) { _, new in new }
                },
            ]
        }
        return [
            "hasYours": false, "yours": [[String: Any]](),
            "sections": sections, "revision": revision, "restaurant": menu.restaurant,
            "currency": menu.currency.code, "locale": menu.currency.locale ?? "",
            "example": menu.currency.format(Decimal(string: "8.5")!),
        ]
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
