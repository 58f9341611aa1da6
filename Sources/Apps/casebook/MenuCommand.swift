import ArgumentParser
import CasebookWire
import Foundation
import Menu

/// `casebook menu`: Giuseppe's menu, or any menu file, as aligned text or JSON.
struct MenuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: "Print the restaurant's menu: pizzas, beverages and desserts.",
        discussion: """
            Without --file, prints Giuseppe's menu, which ships with Casebook. \
            --template prints that menu's YAML file, a starting point for your own. \
            casebook menu export writes the menu (Giuseppe's, or the --file) as a menu file \
            that reads back as the same menu: every text double-quoted, prices as plain \
            decimals, sections in their order.
            """
    )

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case export
    }

    @Argument(help: "export: write the menu as a menu file (YAML) that reads back the same.")
    var action: Action?

    @Option(help: "A menu file in YAML (default: Giuseppe's menu).")
    var file: String?

    @Flag(help: "Print JSON: the sections in order, each with its items.")
    var json = false

    @Flag(help: "Print the shipped menu file, to edit into your own.")
    var template = false

    func run() throws {
        try FailureReport.run("menu") {
            if template {
                try StandardStreams.output(Menu.giuseppesYAML)
                return
            }
            let menu = try file.map { try Menu.load(from: URL(fileURLWithPath: $0)) } ?? .giuseppes
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
