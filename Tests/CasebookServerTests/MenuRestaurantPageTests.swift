import CasebookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Menu
import Testing

@testable import CasebookServer

/// The restaurant itself, set by a manager in the browser and shown to guests above the menu:
/// its address with a map link, its phone to call, whether it is open now in its own time zone
/// and its week's hours; the same in `/api/menu` and in the page's JSON-LD.
@Suite("The restaurant's details in the browser")
struct MenuRestaurantPageTests {
    let fixture: OnlyPersonPages
    var stores: CasebookServer.Stores { fixture.stores }

    init() throws { fixture = try OnlyPersonPages() }

    func withPages(_ body: @Sendable (inout PageClient) async throws -> Void) async throws {
        try await fixture.withPages(body)
    }

    static let filled = [
        "revision": "1", "address": "Via Roma 12, 00184 Roma", "phone": "+39 06 1234 5678",
        "map": "https://www.openstreetmap.org/?mlat=41.89&mlon=12.49", "time_zone": "Europe/Rome",
        "cuisine": "Italian, pizza", "hours.monday": "closed",
        "hours.tuesday": "00:00-24:00", "hours.wednesday": "00:00-24:00",
        "hours.thursday": "00:00-24:00", "hours.friday": "00:00-24:00",
        "hours.saturday": "00:00-24:00", "hours.sunday": "00:00-24:00",
        "exceptions": "2026-12-25 closed\n2026-12-24 12:00-15:00\n2099-01-01 closed",
    ]

    @Test func aManagerSetsTheRestaurantAndGuestsSeeIt() async throws {
        try await withPages { pages in
            let form = try await pages.get("/menu/restaurant")
            #expect(form.status == .ok)
            #expect(form.html.contains(#"<input id="hours-tuesday" name="hours.tuesday""#))
            let saved = try await pages.post("/menu/restaurant", Self.filled)
            #expect(saved.status == .ok)
            #expect(saved.html.contains("Saved as revision 2."))
            let details = try #require(try await stores.menu.current()).menu.details
            #expect(details.address == "Via Roma 12, 00184 Roma")
            #expect(details.timeZone == "Europe/Rome")
            #expect(details.hours.weekly[.monday] == [])
            #expect(details.hours.weekly[.tuesday] == [OpeningPeriod(opens: 0, closes: 1440)])
            #expect(details.hours.exceptions["2026-12-25"] == [])
            #expect(saved.html.contains(#"value="00:00-24:00""#))
            #expect(saved.html.contains("2026-12-24 12:00-15:00"))

            let menu = try await pages.get("/menu")
            #expect(menu.html.contains(#"<span class="address">Via Roma 12, 00184 Roma</span>"#))
            #expect(
                menu.html.contains(
                    #"<a class="phone" href="tel:+390612345678">+39 06 1234 5678</a>"#))
            #expect(
                menu.html.contains(
                    #"<a class="map-link" href="https://www.openstreetmap.org/?mlat=41.89&amp;mlon=12.49">Map</a>"#
                ))
            #expect(
                menu.html.contains(
                    "<th scope=\"row\">Monday</th><td><span class=\"period\">Closed</span> </td>"))
            #expect(menu.html.contains("Times in Europe/Rome."))
            // The days that differ, from today on, under the week.
            #expect(
                menu.html.contains(
                    #"<tr class="exception"><th scope="row">Thursday 1 January 2099</th><td><span class="period">Closed</span> </td></tr>"#
                ))
            // Open all day but Monday and Christmas: which, depends on today in Rome.
            let rome = TimeZone(identifier: "Europe/Rome")!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = rome
            let today = calendar.dateComponents([.weekday, .month, .day], from: Date())
            let closedToday =
                today.weekday == 2 || (today.month == 12 && today.day == 25)
            #expect(
                menu.html.contains(
                    closedToday
                        ? #"<p class="opening-status">Closed, opens"#
                        : #"<p class="opening-status open">Open now, until midnight</p>"#))
            #expect(menu.html.contains(#""telephone":"+39 06 1234 5678""#))
            #expect(menu.html.contains(#""dayOfWeek":"https://schema.org/Tuesday""#))
            #expect(menu.html.contains(#""validFrom":"2026-12-25""#))
            #expect(menu.html.contains(#""streetAddress":"Via Roma 12, 00184 Roma""#))

            let api = try await pages.get("/api/menu")
            let json = try JSONSerialization.jsonObject(with: Data(api.html.utf8)) as? [String: Any]
            let wire = try #require(json?["details"] as? [String: Any])
            #expect(wire["timeZone"] as? String == "Europe/Rome")
            #expect((wire["hours"] as? [String: String])?["monday"] == "closed")
            #expect((wire["exceptions"] as? [String: String])?["2026-12-24"] == "12:00-15:00")
            let history = try await pages.get("/menu/history").html
            // When each revision was saved, in the restaurant's own time zone.
            #expect(history.contains(" (Europe/Rome)</time>"))
            #expect(
                history.contains(
                    "The restaurant&#39;s address, phone or hours changed"))
        }
    }

    @Test(arguments: [
        ("phone", "call us", "Phone: 'call us' is not a telephone number"),
        ("map", "http://example.org", "Map link: 'http://example.org' is not an https link"),
        ("time_zone", "Rome", "Time zone: 'Rome' is not a time zone"),
        ("hours.friday", "noon till late", "Friday: 'noon till late' is not a period"),
        (
            "exceptions", "Christmas closed",
            "Days that differ: 'Christmas' is not a day (YYYY-MM-DD)"
        ),
        ("exceptions", "2026-12-25 late", "Days that differ: 2026-12-25: 'late' is not a period"),
    ])
    func aWrongFieldIsTheFormAgainNamingIt(field: String, value: String, said: String)
        async throws
    {
        try await withPages { pages in
            _ = try await pages.get("/menu/restaurant")
            var fields = Self.filled
            fields[field] = value
            let answer = try await pages.post("/menu/restaurant", fields)
            #expect(answer.status == .badRequest)
            #expect(
                answer.html.contains(said.replacingOccurrences(of: "'", with: "&#39;")),
                "\(answer.html)")
            // What was typed comes back to be mended; nothing was saved.
            #expect(answer.html.contains("Via Roma 12"))
            #expect(try await stores.menu.current()?.number == 1)
        }
    }

    @Test func aFormFromAnOlderRevisionIsTheConflictPage() async throws {
        try await withPages { pages in
            _ = try await pages.get("/menu/restaurant")
            _ = try await pages.post("/menu/restaurant", Self.filled)
            var stale = Self.filled
            stale["phone"] = "+39 06 0000"
            let answer = try await pages.post("/menu/restaurant", stale)
            #expect(answer.status == .conflict)
            #expect(answer.html.contains("after you opened revision 1"))
            #expect(try await stores.menu.current()?.menu.details.phone == "+39 06 1234 5678")
        }
    }

    @Test func aTimeZoneWrittenInOtherCaseIsTakenAsItIsNamed() async throws {
        try await withPages { pages in
            _ = try await pages.get("/menu/restaurant")
            var fields = Self.filled
            fields["time_zone"] = "europe/rome"
            fields["exceptions"] = "2026-12-25: closed"
            #expect(try await pages.post("/menu/restaurant", fields).status == .ok)
            let details = try #require(try await stores.menu.current()).menu.details
            #expect(details.timeZone == "Europe/Rome")
            #expect(details.hours.exceptions == ["2026-12-25": []])
        }
    }

    @Test func theTablesQRCodeIsAnSVGOfTheMenusAddress() async throws {
        try await withPages { pages in
            let answer = try await pages.get("/menu/qr.svg")
            #expect(answer.status == .ok)
            #expect(answer.html.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(answer.html.contains("<title>The menu of Giuseppe's: http://"))
            #expect(answer.html.contains("/menu</title>"), "\(answer.html.prefix(400))")
        }
    }
}
