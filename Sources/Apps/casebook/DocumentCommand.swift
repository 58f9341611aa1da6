import ArgumentParser
import CasebookFileSystem
import CasebookWire
import Documents
import Foundation

/// `casebook document`: a text document's title (its first line).
struct DocumentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "document",
        abstract: "Show or change a text document's title (its first line).",
        subcommands: [DocumentShowCommand.self, DocumentRetitleCommand.self]
    )

    /// The document at `path`, loaded through `DocumentLoader`.
    static func load(_ path: String) throws -> Document {
        try StoreFileGuard.refuseStoreFile(path)
        let loader = DocumentLoader()
        guard loader.loadDocument(at: URL(fileURLWithPath: path)), let document = loader.document
        else {
            let reason =
                loader.readProblem.map { "cannot read the document: \($0)" }
                ?? DocumentError.cannotLoadContent.description
            throw FailureReport.Message("\(path): \(reason)")
        }
        return document
    }
}

struct DocumentShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print the document's title, then its body.")

    @Argument(help: "The document file.")
    var file: String

    @Flag(help: "Print JSON: {\"title\", \"body\"}.")
    var json = false

    func run() throws {
        try FailureReport.run("document") {
            let document = try DocumentCommand.load(file)
            if json {
                try StandardStreams.outputJSON(
                    DocumentWire(title: document.title, body: document.body))
            } else {
                try StandardStreams.output("\(document.title)\n\n\(document.body)")
            }
        }
    }
}

struct DocumentRetitleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retitle", abstract: "Give the document a new title, keeping its body.")

    @Argument(help: "The document file.")
    var file: String

    @Argument(help: "The new title: one line.")
    var title: String

    /// The title becomes the file's first line: a line break in it would be saved as a space
    /// (the document keeps a title on one line), so it is refused instead, as is any other
    /// control character and a title with nothing to show.
    func validate() throws {
        // Unicode's own line and paragraph separators end a line too, though they are not
        // control characters, and a direction control makes a title show as other text.
        if let problem = TextBytes.oneLineProblem(in: title) {
            throw ValidationError("the title must be one line of text: " + problem)
        }
        guard !title.allSatisfy(\.isWhitespace) else {
            throw ValidationError("the title is empty")
        }
    }

    func run() throws {
        try FailureReport.run("document") {
            let document = try DocumentCommand.load(file)
            document.title = title
            do {
                try document.save()
            } catch {
                let why = document.writeProblem.map { ": \($0)" } ?? ""
                throw FailureReport.Message("\(file): \(error)\(why)")
            }
            try StandardStreams.output("retitled \(file): \(document.title)")
        }
    }
}
