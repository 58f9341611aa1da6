import ArgumentParser
import CasebookWire
import Foundation
import Menu

/// `casebook menu`: Giuseppe's menu, any menu file, or the menu a server's store serves, as
/// aligned text or JSON; `menu import FILE` loads a menu file into that store.
struct MenuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: "Print the restaurant's menu: pizzas, beverages and desserts.",
        discussion: """
            Without --file, prints Giuseppe's menu, which ships with Casebook. \
            --template prints that menu's YAML file, a starting point for your own. \
            casebook menu export writes the menu (Giuseppe's, or the --file) as a menu file \
            that reads back as the same menu: every text double-quoted, prices as plain \
            decimals, sections in their order. With --data or --database, the menu is the one \
            the server serves there (its store's current revision; Giuseppe's before any). \
            casebook menu import FILE loads a menu file into that store as its next revision, \
            unless it is the menu already; a server serves it at its next request. A dish's \
            photo (photo: ID and photo_alt: its words) must be one the store was given on the \
            dish's page.
            """
    )

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case export
        case `import`
    }

    @Argument(
        help:
            "export: write the menu as a menu file (YAML) that reads back the same; import: load the menu file FILE into the server's store."
    )
    var action: Action?

    @Argument(help: "The menu file to import.")
    var path: String?

    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if action == .import, path == nil {
            throw ValidationError("menu import needs the menu file: casebook menu import FILE")
        }
        if action != .import, path != nil {
            throw ValidationError("only menu import takes a file (the others take --file)")
        }
    }

    /// Whether the menu is the one a server serves (--data or --database named).
    var servedMenu: Bool {
        get throws {
            if data.path != nil { return true }
            return try database.url() != nil
        }
    }

    @Option(help: "A menu file in YAML (default: Giuseppe's menu).")
    var file: String?

    @Flag(
        help:
            "Print JSON as GET /api/menu gives it: the sections in order, each with its items, and the restaurant's details."
    )
    var json = false

    @Flag(help: "Print the shipped menu file, to edit into your own.")
    var template = false

    func run() async throws {
        try await FailureReport.run("menu") {
            if template {
                try StandardStreams.output(Menu.giuseppesYAML)
                return
            }
            if action == .import, let path {
                let url = URL(fileURLWithPath: path)
                let menu = try Menu.load(from: url)
                let name = url.lastPathComponent
                try await CommandServices.withMenu(
                    data: data, database: try database.url(), creating: true
                ) { store in
                    // A photo the file names must be one this store was given.
                    if let photos = store as? any DishPhotoStore,
                        let missing = try await menu.photosMissing(from: photos).first
                    {
                        throw FailureReport.Message(
                            "\(path): \(missing.place).photo: no photo has id '\(missing.id)' here;"
                                + " give the dish its photo on its page (/menu/dish), or leave"
                                + " photo and photo_alt out")
                    }
                    let (revision, saved) = try await store.importMenu(
                        menu, by: "casebook menu import", note: name)
                    try StandardStreams.outputText(
                        saved
                            ? "Imported \(name) as revision \(revision.number) of the menu.\n"
                            : "\(name) is the menu already (revision \(revision.number)): nothing was imported.\n"
                    )
                }
                return
            }
            var menu = try file.map { try Menu.load(from: URL(fileURLWithPath: $0)) } ?? .giuseppes
            if file == nil, try servedMenu {
                try await CommandServices.withMenu(
                    data: data, database: try database.url(), creating: false
                ) { store in
                    if let current = try await store.current() { menu = current.menu }
                }
            }
            if action == .export {
                try StandardStreams.outputText(MenuFileWriter.yaml(of: menu))
                return
            }
            if json {
                try StandardStreams.outputJSON(MenuListing(menu: menu))
            } else {
                try StandardStreams.outputText(MenuText.render(menu))
            }
        }
    }
}
