import CasebookDataDirectory
import CasebookFileSystem
import Documents
import Foundation
import Hummingbird

/// `/documents`: the text documents in the data directory's documents folder, each with its
/// title, in name order. The page takes no path: it opens regular files of that folder only —
/// never a file a store owns (`DataDirectoryLayout.isStoreOwned`, by name), and, as a
/// `FolderDocument`, never a symbolic link or a file with other names (hard links), checked on
/// the descriptor it reads — each listed with why it was not opened.
struct DocumentsPage: Sendable {
    /// The most documents one page lists; the rest are counted.
    static let shownDocuments = 100

    let renderer: PageRenderer
    let folder: URL

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/documents", use: list)
    }

    /// `GET /documents`: the documents folder, each document with its title.
    @Sendable func list(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        guard request.uri.queryParameters["path"] == nil else {
            throw RequestError(
                .badRequest,
                "The documents page takes no path: it lists the "
                    + "\(DataDirectoryLayout.documentsFolderName) folder of the data directory."
            )
        }
        return renderer.page(
            "documents", title: "Documents", context: listing(), request: request)
    }

    private func listing() -> [String: Any] {
        let entries: [DirectoryEntries.Entry]
        do {
            entries = try DirectoryEntries.list(atPath: folder.path)
        } catch .missing {
            return ["folder": DataDirectoryLayout.documentsFolderName, "empty": true]
        } catch {
            return [
                "folder": DataDirectoryLayout.documentsFolderName, "empty": false,
                "documents": [[String: String]](),
                "refused": [["message": "The documents folder cannot be read: \(error)."]],
                "hiddenDocuments": false,
            ]
        }
        let sorted = entries.sorted { $0.name < $1.name }
        var documents: [[String: String]] = []
        var refused: [[String: String]] = []
        for entry in sorted.prefix(Self.shownDocuments) {
            switch document(entry) {
            case .success(let title): documents.append(["name": entry.name, "title": title])
            case .failure(let refusal):
                refused.append(["message": "\(entry.name): \(refusal.reason)"])
            }
        }
        let hidden = sorted.count - Self.shownDocuments
        return [
            "folder": DataDirectoryLayout.documentsFolderName, "documents": documents,
            "refused": refused, "empty": sorted.isEmpty,
            "hiddenDocuments": hidden > 0 ? "… and \(hidden) more files." : false,
        ]
    }

    struct Refusal: Error {
        let reason: String
    }

    /// The title of the document `entry` names, or why it is not opened.
    private func document(_ entry: DirectoryEntries.Entry) -> Result<String, Refusal> {
        guard entry.invalidByte == nil else {
            return .failure(Refusal(reason: "its name is not UTF-8 text"))
        }
        guard !DataDirectoryLayout.isStoreOwned(fileName: entry.name) else {
            return .failure(Refusal(reason: "it is a store's file, not a document"))
        }
        let url = folder.appendingPathComponent(entry.name)
        let loader = DocumentLoader()
        loader.documentType = FolderDocument.self
        guard loader.loadDocument(at: url), let document = loader.document else {
            let problem = loader.readProblem.map { "\($0)" } ?? "it is not a text document"
            return .failure(Refusal(reason: problem))
        }
        return .success(document.title)
    }
}
