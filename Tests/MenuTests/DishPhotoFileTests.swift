import Foundation
import Menu
import Testing

/// A dish's photo in the menu file: its id and the words for a guest who cannot see it, both
/// or neither, written back as they were read.
@Suite("A dish's photo in the menu file")
struct DishPhotoFileTests {
    static let id = String(repeating: "c3", count: 32)

    @Test func aPhotoAndItsWordsReadAndWriteBack() throws {
        let yaml = """
            currency: EUR
            pizzas:
              - name: Margherita
                price: 8.90
                photo: \(Self.id)
                photo_alt: "Basil leaves on tomato and mozzarella"
            """
        let menu = try Menu(yaml: yaml, file: "menu.yaml")
        #expect(
            menu.pizzas[0].dish.photo
                == DishPhoto(id: Self.id, alt: "Basil leaves on tomato and mozzarella"))
        let written = MenuFileWriter.yaml(of: menu)
        #expect(written.contains("    photo: \(Self.id)\n"))
        #expect(try Menu(yaml: written, file: "again.yaml") == menu)
    }

    @Test(arguments: [
        (
            "  - {name: A, price: 8, photo: \(id)}\n",
            "m.yaml:3:5: pizzas[1].photo_alt: missing: a photo comes with photo_alt, the words a guest who cannot see it is read"
        ),
        (
            "  - {name: A, price: 8, photo_alt: A pizza}\n",
            "m.yaml:3:5: pizzas[1].photo: missing: a photo comes with photo_alt, the words a guest who cannot see it is read"
        ),
        (
            "  - {name: A, price: 8, photo: ../../etc/passwd, photo_alt: x}\n",
            "m.yaml:3:32: pizzas[1].photo: '../../etc/passwd' is not a photo's id (64 lowercase hex digits)"
        ),
        (
            "  - {name: A, price: 8, photo: \(id), photo_alt: ' '}\n",
            "m.yaml:3:"
        ),
    ])
    func aPhotoWithoutWordsOrWithABadIDIsRefusedNamingIt(dish: String, message: String) {
        #expect {
            try Menu(yaml: "currency: EUR\npizzas:\n" + dish, file: "m.yaml")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func aDishFromBeforeHasNoPhotoAndTheAPISaysNull() throws {
        let menu = try Menu(
            yaml: "currency: EUR\npizzas:\n  - {name: A, price: 8}\n", file: "m.yaml")
        #expect(menu.pizzas[0].dish.photo == nil)
        let json = String(decoding: try JSONEncoder().encode(menu.pizzas[0].dish), as: UTF8.self)
        #expect(json.contains("\"photo\":null"))
    }

    @Test func aFormsPhotoWordsAreCheckedAsItsOtherText() {
        var dish = Dish(name: "A", price: 8)
        dish.photo = DishPhoto(id: Self.id, alt: "   ")
        #expect(throws: MenuEditError.self) {
            try Menu.giuseppes.adding(dish, to: .pizzas)
        }
        dish.photo = DishPhoto(id: Self.id, alt: "line\none")
        #expect(throws: MenuEditError.self) {
            try Menu.giuseppes.adding(dish, to: .pizzas)
        }
        dish.photo = DishPhoto(id: Self.id, alt: "A pizza")
        #expect(throws: Never.self) { try Menu.giuseppes.adding(dish, to: .pizzas) }
    }
}
