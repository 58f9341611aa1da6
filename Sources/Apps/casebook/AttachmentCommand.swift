import ArgumentParser
import Documents
import Foundation

/// `casebook attachment open FILE`: opens a file with the system's opener.
struct AttachmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attachment",
        abstract: "Open attachments with the system's opener.",
        subcommands: [AttachmentOpenCommand.self]
    )
}

struct AttachmentOpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a file with xdg-open (Linux) or open (macOS).",
        discussion: "$CASEBOOK_OPEN_COMMAND names another opening command.")

    @Argument(help: "The file to open.")
    var file: String

    func run() throws {
        try FailureReport.run("attachment") {
            let url = URL(fileURLWithPath: file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw FailureReport.Message("there is no file at \(file)")
            }
            try StoreFileGuard.refuseStoreFile(file)
            let command =
                ProcessInfo.processInfo.environment["CASEBOOK_OPEN_COMMAND"]
                ?? SystemURLOpener.defaultCommand
            do {
                try AttachmentOpener().openAttachment(
                    file: url, with: SystemURLOpener(command: command))
            } catch {
                throw FailureReport.Message(
                    "cannot open \(file): \(error) (is \(command) installed? On Debian: apt-get install xdg-utils)"
                )
            }
        }
    }
}
