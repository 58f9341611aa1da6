import Documents
import Foundation
import Hummingbird

/// `/documents?path=…`: a document's title, for a file inside the data directory only.
struct DocumentsPage: Sendable {
    let renderer: PageRenderer
    let dataDirectory: URL

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/documents") { request, _ in
            guard let path = try FormFields(query: request)["path"], !path.isEmpty
            else {
                return renderer.page(
                    "documents", title: "Documents", context: ["path": ""], request: request)
            }
            var context: [String: Any] = ["path": path]
            var status = HTTPResponse.Status.ok
            do {
                let url = try DataDirectoryPath.resolve(path, in: dataDirectory)
                let loader = DocumentLoader()
                if loader.loadDocument(at: url), let document = loader.document {
                    context["documentTitle"] = document.title
                } else {
                    context["error"] = "There is no readable text document at '\(path)'."
                    status = .notFound
                }
            } catch let error as RequestError {
                context["error"] = error.message
                status = error.status
            }
            return renderer.page(
                "documents", title: "Documents", context: context, request: request, status: status)
        }
    }
}
