/// The menu screen's model: sections of rows, with every index checked, so a UI (a table view,
/// a web page, a terminal) asks by number and never crashes.
public struct MenuDataSource: Sendable {
    private let sections: [(section: MenuSection, items: [MenuItem])]

    /// The walking skeleton: pizzas only, in one section.
    public init(pizzas: [Pizza]) {
        self.init(
            menu: Menu(
                restaurant: "Menu", currency: .euro, pizzas: pizzas, beverages: [], desserts: []))
    }

    /// The whole menu: pizzas, beverages and desserts, in that order, leaving out empty sections.
    public init(menu: Menu) {
        let all: [(MenuSection, [MenuItem])] = [
            (.pizzas, menu.pizzas.map { MenuItem(offering: $0, currency: menu.currency) }),
            (.beverages, menu.beverages.map { MenuItem(offering: $0, currency: menu.currency) }),
            (.desserts, menu.desserts.map { MenuItem(offering: $0, currency: menu.currency) }),
        ]
        sections = all.filter { !$0.1.isEmpty }.map { (section: $0.0, items: $0.1) }
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    public func item(forRow row: Int, inSection section: Int) -> MenuItem? {
        guard sections.indices.contains(section) else { return nil }
        let items = sections[section].items
        return items.indices.contains(row) ? items[row] : nil
    }

    /// The shown section at `section`, if there is one.
    public func section(at section: Int) -> MenuSection? {
        sections.indices.contains(section) ? sections[section].section : nil
    }

    public func title(forSection section: Int) -> String? {
        self.section(at: section)?.title
    }
}
