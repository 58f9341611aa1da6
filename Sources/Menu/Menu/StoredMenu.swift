import StoreFailures

/// How a menu store keeps a revision's menu, whatever its engine: as the menu file
/// `MenuFileWriter` writes, read back by the file's own parser, where text that is no menu is
/// a damaged row, never a wrong menu.
package enum StoredMenu {
    package static func text(of menu: Menu) -> String {
        MenuFileWriter.yaml(of: menu)
    }

    package static func menu(fromText text: String, revision: Int) throws -> Menu {
        do {
            return try Menu(yaml: text, file: "revision \(revision)")
        } catch {
            throw DamagedRowError(store: "menu", key: "\(revision)", problem: "\(error)")
        }
    }
}
