import Foundation
import Testing

@testable import Menu

/// The restaurant itself, as its menu file says: read strictly, written back the same, and
/// its opening hours read in its own time zone.
@Suite("The restaurant's details and hours")
struct RestaurantDetailsTests {
    static let file = """
        restaurant: Giuseppe's
        currency: EUR
        address: Via Roma 12, 00184 Roma
        phone: +39 06 1234 5678
        map: https://www.openstreetmap.org/?mlat=41.89&mlon=12.49
        time_zone: Europe/Rome
        cuisine: Italian, pizza
        hours:
          monday: closed
          tuesday: 12:00-14:30, 18:30-22:30
          wednesday: 12:00-14:30, 18:30-22:30
          thursday: 12:00-14:30, 18:30-22:30
          friday: 12:00-14:30, 18:30-23:30
          saturday: 18:00-01:00
          sunday: 12:00-15:00
        exceptions:
          2026-12-25: closed
          2026-12-24: 12:00-15:00
        pizzas:
          - name: Margherita
            price: 8.50
        """

    static var menu: Menu { get throws { try Menu(yaml: file, file: "menu.yaml") } }

    /// A moment in Rome: `day` (`YYYY-MM-DD`) at `time` (`HH:MM`).
    static func rome(_ day: String, _ time: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Rome")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: "\(day) \(time)")!
    }

    @Test func theFileSaysWhereWhenAndWhat() throws {
        let details = try Self.menu.details
        #expect(details.address == "Via Roma 12, 00184 Roma")
        #expect(details.phone == "+39 06 1234 5678")
        #expect(details.mapLink == "https://www.openstreetmap.org/?mlat=41.89&mlon=12.49")
        #expect(details.timeZone == "Europe/Rome")
        #expect(details.cuisine == "Italian, pizza")
        #expect(details.hours.weekly[.monday] == [])
        #expect(
            details.hours.weekly[.tuesday] == [
                OpeningPeriod(opens: 720, closes: 870), OpeningPeriod(opens: 1110, closes: 1350),
            ])
        #expect(details.hours.weekly[.saturday] == [OpeningPeriod(opens: 1080, closes: 60)])
        #expect(details.hours.exceptions["2026-12-25"] == [])
        #expect(details.hours.exceptions["2026-12-24"] == [OpeningPeriod(opens: 720, closes: 900)])
    }

    @Test func theWriterWritesItBackTheSame() throws {
        let menu = try Self.menu
        let written = MenuFileWriter.yaml(of: menu)
        #expect(try Menu(yaml: written, file: "again.yaml") == menu)
        #expect(written.contains("time_zone: \"Europe/Rome\""))
        #expect(written.contains("  tuesday: \"12:00-14:30, 18:30-22:30\""))
        #expect(written.contains("  \"2026-12-25\": \"closed\""))
    }

    @Test(arguments: [
        // Tuesday 1 December 2026.
        ("2026-12-01", "13:00", "Open now, until 14:30"),
        ("2026-12-01", "15:00", "Closed, opens today 18:30"),
        ("2026-12-01", "22:30", "Closed, opens tomorrow 12:00"),
        ("2026-12-01", "11:59", "Closed, opens today 12:00"),
        // Saturday night runs past midnight; Sunday at 00:30 is still Saturday's.
        ("2026-12-05", "23:00", "Open now, until 01:00"),
        ("2026-12-06", "00:30", "Open now, until 01:00"),
        ("2026-12-06", "01:00", "Closed, opens today 12:00"),
        // Sunday after lunch: Monday is closed, so Tuesday.
        ("2026-12-06", "16:00", "Closed, opens Tuesday 12:00"),
        // Christmas Eve is short, Christmas closed (a Friday), so Saturday evening.
        ("2026-12-24", "16:00", "Closed, opens Saturday 18:00"),
        ("2026-12-25", "13:00", "Closed, opens tomorrow 18:00"),
    ])
    func theStatusIsReadInTheRestaurantsZone(day: String, time: String, said: String) throws {
        let status = try #require(try Self.menu.details.status(at: Self.rome(day, time)))
        #expect(status.text == said)
    }

    @Test func aRestaurantClosedForTwoWeeksSaysClosed() {
        let hours = OpeningHours(weekly: [:])
        #expect(hours.status(at: Date(), in: .gmt).text == "Closed")
        #expect(RestaurantDetails().status(at: Date()) == nil)
    }

    @Test(arguments: [
        ("phone: call us", "phone", "is not a telephone number"),
        ("map: http://example.org/map", "map", "is not an https link"),
        ("time_zone: Mars/Olympus", "time_zone", "is not a time zone"),
        ("hours:\n  funday: closed", "hours.funday", "is not a weekday"),
        ("hours:\n  monday: 12-14", "hours.monday", "is not a period such as 12:00-14:30"),
        ("hours:\n  monday: 12:00-12:00", "hours.monday", "opens and closes at the same time"),
        (
            "hours:\n  monday: 18:00-22:00, 12:00-14:00", "hours.monday",
            "list a day's periods in order"
        ),
        ("hours:\n  monday: 25:00-26:00", "hours.monday", "is not a period"),
        ("exceptions:\n  2026-02-30: closed", "exceptions", "is not a day of the calendar"),
        ("exceptions:\n  christmas: closed", "exceptions", "is not a day (YYYY-MM-DD)"),
        ("address: \"\"", "address", "is empty"),
    ])
    func aWrongDetailIsRefusedNamingItsField(line: String, field: String, problem: String) {
        let yaml = "restaurant: R\ncurrency: EUR\n\(line)\npizzas:\n"
        #expect {
            try Menu(yaml: yaml, file: "menu.yaml")
        } throws: { error in
            guard let error = error as? MenuFileError else { return false }
            return error.field == field && error.description.contains(problem)
        }
    }
}

extension RestaurantDetailsTests {
    @Test func theHistorySaysTheDetailsChanged() throws {
        var changed = Menu.giuseppes
        changed.details.phone = "+39 06 1"
        #expect(
            MenuChange.list(from: .giuseppes, to: changed).map(\.text) == [
                "The restaurant's address, phone or hours changed"
            ])
    }
}

extension RestaurantDetailsTests {
    /// The template's commented example, uncommented, is a menu a restaurant can start from.
    @Test func theTemplatesExampleReadsWhenUncommented() throws {
        let uncommented = Menu.giuseppesYAML.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { line -> String in
            let text = String(line)
            for key in ["address", "phone", "map", "time_zone", "cuisine", "hours", "exceptions"]
            where text.hasPrefix("# \(key):") {
                return String(text.dropFirst(2))
            }
            return text.hasPrefix("#   ") ? String(text.dropFirst(2)) : text
        }.joined(separator: "\n")
        let menu = try Menu(yaml: uncommented, file: "template.yaml")
        #expect(menu.details.timeZone == "Europe/Rome")
        #expect(menu.details.hours.weekly[.saturday] == [OpeningPeriod(opens: 1080, closes: 60)])
        #expect(menu.details.hours.exceptions["2026-12-25"] == [])
        #expect(menu.details.phone == "+39 06 1234 5678")
    }
}
