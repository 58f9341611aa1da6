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

    /// The whole menu: pizzas, beverages and desserts, in the menu's order (that one unless it
    /// says otherwise), leaving out empty sections.
    public init(menu: Menu) {
        func items(_ section: MenuSection) -> [MenuItem] {
            switch section {
            case .pizzas: menu.pizzas.map { MenuItem(offering: $0, currency: menu.currency) }
            case .beverages:
                menu.beverages.map { MenuItem(offering: $0, currency: menu.currency) }
            case .desserts: menu.desserts.map { MenuItem(offering: $0, currency: menu.currency) }
            }
        }
        sections = menu.sectionOrder.map { (section: $0, items: items($0)) }
            .filter { !$0.items.isEmpty }
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
