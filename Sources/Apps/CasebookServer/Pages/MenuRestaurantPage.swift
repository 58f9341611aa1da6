import Foundation
import Hummingbird
import Menu

/// `/menu/restaurant`: the restaurant itself — its address, phone, map link, time zone,
/// cuisine, each weekday's opening hours and the days that differ — saved as the menu's next
/// revision from the one the form was opened at (the conflict page when someone saved after).
/// What cannot be is the form again, naming the field. For managers and admins.
struct MenuRestaurantPage: Sendable {
    let renderer: PageRenderer
    let menu: MenuService

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/menu/restaurant", use: show)
        router.post("/menu/restaurant", use: save)
    }

    /// `GET /menu/restaurant`: the form, as the current revision says.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let current = try await menu.current()
        return renderer.page(
            "menu-restaurant", title: "The restaurant",
            context: Self.form(Self.fields(of: current.menu), revision: current.number),
            request: request)
    }

    /// `POST /menu/restaurant` (`revision`, `address`, `phone`, `map`, `time_zone`, `cuisine`,
    /// `hours.monday` … `hours.sunday`, `exceptions`).
    @Sendable func save(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let (base, opened) = try await MenuEditPages.openedRevision(form, in: menu.store)
        var typed: [String: String] = [:]
        for name in Self.fieldNames { typed[name] = form[name] ?? "" }
        if form["languages"] == nil {
            typed["languages"] = opened.menu.languages.joined(separator: ", ")
        }
        var problems: [String] = []
        let details = Self.details(from: typed, problems: &problems)
        // A form without the field (one from before it) keeps the menu's languages.
        let languages =
            form["languages"] == nil
            ? opened.menu.languages
            : Self.languages(from: typed["languages"] ?? "", in: opened.menu, problems: &problems)
        guard problems.isEmpty else {
            var context = Self.form(typed, revision: base)
            context["problems"] = problems.map { ["problem": $0] }
            return renderer.page(
                "menu-restaurant", title: "The restaurant", context: context, request: request,
                status: .badRequest)
        }
        var changed = opened.menu
        changed.details = details
        changed.languages = languages
        let currentNumber = try await menu.current().number
        guard changed != opened.menu || base != currentNumber else {
            var context = Self.form(typed, revision: base)
            context["saved"] = "Nothing changed: revision \(base) stays."
            return renderer.page(
                "menu-restaurant", title: "The restaurant", context: context, request: request)
        }
        do {
            let saved = try await menu.store.save(
                changed, basedOn: base, by: SignedInUser.reviewer,
                note: "changed the restaurant's details")
            var context = Self.form(Self.fields(of: saved.menu), revision: saved.number)
            context["saved"] = "Saved as revision \(saved.number)."
            return renderer.page(
                "menu-restaurant", title: "The restaurant", context: context, request: request)
        } catch let conflict as MenuConflictError {
            let current = try await menu.current()
            var context = Self.form(Self.fields(of: current.menu), revision: current.number)
            context["conflict"] =
                "\(current.author) saved revision \(current.number) after you opened revision \(conflict.base.map(String.init) ?? "none"). Nothing of yours was saved: the details below are theirs."
            return renderer.page(
                "menu-restaurant", title: "The restaurant", context: context, request: request,
                status: .conflict)
        }
    }

    static let weekdayFields = Weekday.allCases.map { "hours.\($0.rawValue)" }

    /// Each field's label on the page, which its problems name.
    static let labels: [String: String] = {
        var labels = [
            "address": "Address", "phone": "Phone", "map": "Map link", "time_zone": "Time zone",
            "cuisine": "Cuisine", "exceptions": "Days that differ", "languages": "Languages",
        ]
        for weekday in Weekday.allCases { labels["hours.\(weekday.rawValue)"] = weekday.name }
        return labels
    }()
    static let fieldNames =
        ["address", "phone", "map", "time_zone", "cuisine"] + weekdayFields + [
            "exceptions", "languages",
        ]

    /// The form's fields for `menu`'s details and languages, as a menu file writes them.
    static func fields(of menu: Menu) -> [String: String] {
        var fields = fields(of: menu.details)
        fields["languages"] = menu.languages.joined(separator: ", ")
        return fields
    }

    /// The menu's languages the form's `text` lists (`en, it`), its own first; each problem
    /// in `problems`. A language some dish is translated into stays until its translations go.
    static func languages(from text: String, in menu: Menu, problems: inout [String])
        -> [String]
    {
        let tags = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        guard !tags.isEmpty else {
            problems.append("Languages: name the menu's own language at least, as en.")
            return menu.languages
        }
        for tag in tags where !MenuLanguage.isValid(tag) {
            problems.append(
                "Languages: '\(tag)' is not a language tag (two or three lowercase letters, as en or it, and a region if needed, as pt-BR)."
            )
            return menu.languages
        }
        guard Set(tags).count == tags.count, tags.count <= MenuLanguage.mostLanguages else {
            problems.append(
                "Languages: each once, at most \(MenuLanguage.mostLanguages).")
            return menu.languages
        }
        let dishes = MenuSection.allCases.flatMap { menu.dishes(in: $0) }
        for tag in Set(dishes.flatMap(\.translations.keys)).sorted()
        where !tags.dropFirst().contains(tag) {
            let names = dishes.filter { $0.translations[tag] != nil }.map(\.name)
            let count = names.count
            let listed =
                names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and others" : "")
            problems.append(
                "Languages: \(EnglishCount.phrase(count, "dish", plural: "dishes")) \(count == 1 ? "is" : "are") translated into \(MenuLanguage.englishName(of: tag)) (\(tag)): \(listed). Keep \(tag) among the others, or empty their \(MenuLanguage.englishName(of: tag)) fields on their pages first."
            )
        }
        return tags
    }

    /// The form's fields for `details`, as a menu file writes them.
    static func fields(of details: RestaurantDetails) -> [String: String] {
        var fields = [
            "address": details.address ?? "", "phone": details.phone ?? "",
            "map": details.mapLink ?? "", "time_zone": details.timeZone ?? "",
            "cuisine": details.cuisine ?? "",
        ]
        for weekday in Weekday.allCases {
            fields["hours.\(weekday.rawValue)"] =
                details.hours.weekly[weekday].map(MenuFileWriter.hoursText) ?? ""
        }
        fields["exceptions"] = details.hours.exceptions.keys.sorted().map {
            "\($0) \(MenuFileWriter.hoursText(details.hours.exceptions[$0]!))"
        }.joined(separator: "\n")
        return fields
    }

    /// The details the form's `fields` say; each problem, naming its field, in `problems`.
    static func details(from fields: [String: String], problems: inout [String])
        -> RestaurantDetails
    {
        var details = RestaurantDetails()
        func line(_ name: String, longest: Int = RestaurantDetails.longestText) -> String? {
            let value = (fields[name] ?? "").trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { return nil }
            if let problem = RestaurantDetails.lineProblem(value, longest: longest) {
                problems.append("\(labels[name] ?? name): \(problem).")
                return nil
            }
            return value
        }
        details.address = line("address")
        details.cuisine = line("cuisine")
        if let phone = line("phone") {
            if let problem = RestaurantDetails.phoneProblem(phone) {
                problems.append("Phone: \(problem).")
            } else {
                details.phone = phone
            }
        }
        if let link = line("map", longest: RestaurantDetails.longestLink) {
            if let problem = RestaurantDetails.mapLinkProblem(link) {
                problems.append("Map link: \(problem).")
            } else {
                details.mapLink = link
            }
        }
        if let zone = line("time_zone") {
            if let known = RestaurantDetails.timeZone(named: zone) {
                details.timeZone = known
            } else {
                problems.append("Time zone: \(RestaurantDetails.timeZoneProblem(zone) ?? "").")
            }
        }
        for weekday in Weekday.allCases {
            let name = "hours.\(weekday.rawValue)"
            guard let text = line(name) else { continue }
            do {
                details.hours.weekly[weekday] = try OpeningPeriod.periods(in: text)
            } catch {
                problems.append("\(weekday.name): \(error).")
            }
        }
        let lines = (fields["exceptions"] ?? "").split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if lines.count > OpeningHours.mostExceptions {
            problems.append("Days that differ: at most \(OpeningHours.mostExceptions) days.")
        }
        for text in lines.prefix(OpeningHours.mostExceptions) {
            // `2026-12-25 closed`, or as a menu file writes it, `2026-12-25: closed`.
            let written = String(text.prefix { !$0.isWhitespace })
            let day = written.hasSuffix(":") ? String(written.dropLast()) : written
            let hours = text.dropFirst(written.count).trimmingCharacters(in: .whitespaces)
            if let problem = RestaurantDetails.dayProblem(day) {
                problems.append(
                    "Days that differ: \(problem): write a day and its hours, 2026-12-25 closed.")
                continue
            }
            if let problem = RestaurantDetails.lineProblem(hours) {
                problems.append("Days that differ: \(day): \(problem).")
                continue
            }
            do {
                details.hours.exceptions[day] = try OpeningPeriod.periods(
                    in: hours.isEmpty ? "closed" : hours)
            } catch {
                problems.append("Days that differ: \(day): \(error).")
            }
        }
        return details
    }

    /// The form's context: its fields as typed (or as saved), each weekday's with its name.
    static func form(_ fields: [String: String], revision: Int) -> [String: Any] {
        [
            "revision": revision, "address": fields["address"] ?? "",
            "phone": fields["phone"] ?? "", "map": fields["map"] ?? "",
            "timeZone": fields["time_zone"] ?? "", "cuisine": fields["cuisine"] ?? "",
            "exceptions": fields["exceptions"] ?? "", "languages": fields["languages"] ?? "",
            "days": Weekday.allCases.map { weekday -> [String: String] in
                [
                    "name": weekday.name, "field": "hours.\(weekday.rawValue)",
                    "id": "hours-\(weekday.rawValue)",
                    "value": fields["hours.\(weekday.rawValue)"] ?? "",
                ]
            },
        ]
    }
}
