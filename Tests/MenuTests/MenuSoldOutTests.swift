import Foundation
import Menu
import Testing

/// A dish marked sold out, for a day or until further notice: in the menu file and back, and
/// served on a day: a mark for another day is gone by itself.
@Suite("Sold out")
struct MenuSoldOutTests {
    static let file = """
        restaurant: Da Mario
        currency: EUR
        pizzas:
          - name: Marinara
            price: 7
            sold_out: 2026-11-26
          - name: Margherita
            price: 8
            sold_out: true
          - name: Diavola
            price: 9
        """

    @Test func aMarkIsReadWrittenAndReadBack() throws {
        let menu = try Menu(yaml: Self.file, file: "menu.yaml")
        #expect(menu.pizzas.map(\.soldOut) == [.on(day: "2026-11-26"), .untilFurtherNotice, nil])
        let written = MenuFileWriter.yaml(of: menu)
        #expect(written.contains("    sold_out: 2026-11-26\n"))
        #expect(written.contains("    sold_out: true\n"))
        #expect(try Menu(yaml: written, file: "again.yaml") == menu)
    }

    @Test func servedOnADayAMarkForAnotherDayIsGone() throws {
        let menu = try Menu(yaml: Self.file, file: "menu.yaml")
        let today = menu.served(onDay: "2026-11-26")
        #expect(today.pizzas.map(\.soldOut) == [.on(day: "2026-11-26"), .untilFurtherNotice, nil])
        let tomorrow = menu.served(onDay: "2026-11-27")
        #expect(tomorrow.pizzas.map(\.soldOut) == [nil, .untilFurtherNotice, nil])
        let source = MenuDataSource(menu: tomorrow)
        let rows = (0..<3).map { source.item(forRow: $0, inSection: 0)?.soldOut }
        #expect(rows == [false, true, false])
    }

    @Test func marksAreSetAndTakenAwayByPlace() throws {
        let menu = try Menu(yaml: Self.file, file: "menu.yaml")
        let changed = try #require(
            menu.marked([
                MenuPlace(section: .pizzas, index: 0): nil,
                MenuPlace(section: .pizzas, index: 2): .untilFurtherNotice,
            ]))
        #expect(changed.pizzas.map(\.soldOut) == [nil, .untilFurtherNotice, .untilFurtherNotice])
        #expect(menu.marked([MenuPlace(section: .desserts, index: 0): nil]) == nil)
        #expect(
            try #require(menu.repriced([MenuPlace(section: .pizzas, index: 1): 9])).pizzas[1]
                .soldOut == .untilFurtherNotice)
    }

    @Test(arguments: ["yes", "2026-1-01", "tomorrow", "2026-11-2x", ""])
    func anythingElseIsRefusedNamingTheField(text: String) {
        let file = Self.file.replacingOccurrences(
            of: "sold_out: true", with: "sold_out: \"\(text)\"")
        #expect(throws: MenuFileError.self) { _ = try Menu(yaml: file, file: "menu.yaml") }
        do {
            _ = try Menu(yaml: file, file: "menu.yaml")
        } catch {
            #expect("\(error)".contains("pizzas[2].sold_out"))
        }
    }
}
