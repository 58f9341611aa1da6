import Foundation

extension Menu {
    /// The same menu of the restaurant `name` (not empty, at most 200 characters, without
    /// control characters) with its prices in `currency`.
    public func named(_ name: String, currency: Currency) throws(MenuEditError) -> Menu {
        // A name left as it is (a menu file's, which may hold what a form would not take) is
        // not checked again.
        if !Dish.same(name, restaurant) {
            try Dish.check(name, field: "restaurant", longest: Dish.longestName)
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw MenuEditError(field: "restaurant", problem: "the name is empty")
            }
        }
        var menu = self
        menu.restaurant = name
        menu.currency = currency
        return menu
    }

    /// The most dishes a menu arranged from a form holds: far more than a restaurant's, and
    /// few enough that every revision reads back within the menu file's limits (a dish with
    /// everything written is about 31 of its 100,000 values).
    public static let mostDishes = 1_000

    /// The dishes of `section`, in order.
    public func dishes(in section: MenuSection) -> [Dish] {
        switch section {
        case .pizzas: pizzas.map(\.dish)
        case .beverages: beverages.map(\.dish)
        case .desserts: desserts.map(\.dish)
        }
    }

    /// All the menu says of the dish at `place`; nil for a place the menu does not have.
    public func details(at place: MenuPlace) -> Dish? {
        let dishes = dishes(in: place.section)
        return dishes.indices.contains(place.index) ? dishes[place.index] : nil
    }

    /// The menu with `dish` last in `section`.
    public func adding(_ dish: Dish, to section: MenuSection) throws(MenuEditError) -> Menu {
        guard places.count < Self.mostDishes else {
            throw MenuEditError(
                field: "name", problem: "the menu holds at most \(Self.mostDishes) dishes")
        }
        let others = dishes(in: section)
        return settingDishes(others + [try dish.checked(beside: others)], in: section)
    }

    /// The menu with `dish` in the place of the one at `place`.
    public func replacing(at place: MenuPlace, with dish: Dish) throws(MenuEditError) -> Menu {
        var dishes = dishes(in: place.section)
        guard dishes.indices.contains(place.index) else {
            throw MenuEditError(field: "place", problem: "the menu has no such dish")
        }
        var others = dishes
        let was = others.remove(at: place.index)
        dishes[place.index] = try dish.checked(beside: others, was: was)
        return settingDishes(dishes, in: place.section)
    }

    /// The menu without the dish at `place`; nil for a place the menu does not have.
    public func removing(at place: MenuPlace) -> Menu? {
        var dishes = dishes(in: place.section)
        guard dishes.indices.contains(place.index) else { return nil }
        dishes.remove(at: place.index)
        return settingDishes(dishes, in: place.section)
    }

    /// The menu with the dish at `place` moved `offset` places down its section (up when
    /// negative); nil when there is no such dish or no such place to move it to.
    public func moving(at place: MenuPlace, by offset: Int) -> Menu? {
        var dishes = dishes(in: place.section)
        let (from, to) = (place.index, place.index + offset)
        guard dishes.indices.contains(from), dishes.indices.contains(to) else { return nil }
        dishes.insert(dishes.remove(at: from), at: to)
        return settingDishes(dishes, in: place.section)
    }

    /// The menu with `section` shown `offset` places later (earlier when negative); nil when
    /// there is no such place.
    public func movingSection(_ section: MenuSection, by offset: Int) -> Menu? {
        guard let from = sectionOrder.firstIndex(of: section),
            sectionOrder.indices.contains(from + offset)
        else { return nil }
        var menu = self
        menu.sectionOrder.insert(menu.sectionOrder.remove(at: from), at: from + offset)
        return menu
    }

    private func settingDishes(_ dishes: [Dish], in section: MenuSection) -> Menu {
        var menu = self
        switch section {
        case .pizzas: menu.pizzas = dishes.map { Pizza($0) }
        case .beverages: menu.beverages = dishes.map { Beverage($0) }
        case .desserts: menu.desserts = dishes.map { Dessert($0) }
        }
        return menu
    }
}

extension Menu {
    /// The places (`pizzas[2]`, counted from 1 as a menu file's errors count) of the dishes
    /// whose photo `photos` does not hold, with its id: a menu file brought from elsewhere
    /// names photos this server was never given.
    public func photosMissing(from photos: any DishPhotoStore) async throws -> [(
        place: String, id: String
    )] {
        var missing: [(place: String, id: String)] = []
        for section in sectionOrder {
            for (index, dish) in dishes(in: section).enumerated() {
                guard let photo = dish.photo, try await photos.photo(id: photo.id) == nil else {
                    continue
                }
                missing.append(("\(section.rawValue)[\(index + 1)]", photo.id))
            }
        }
        return missing
    }
}
