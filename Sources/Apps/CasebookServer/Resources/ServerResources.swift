/// The files in this folder, as compiled into the server (by the `EmbedResources` build plugin),
/// so that the binary runs anywhere: the pages' templates (`Templates`), the stylesheet and
/// script every page links (`Assets`) and the JSON API's OpenAPI description (`openapi.json`).
package enum ServerResources {
    /// Each page template's text, by the name the pages render it under: its file's name in
    /// `Templates` without `.mustache`.
    package static let templates: [String: [UInt8]] = {
        let folder = "Templates/"
        let suffix = ".mustache"
        var templates: [String: [UInt8]] = [:]
        for (path, text) in EmbeddedFiles.byPath
        where path.hasPrefix(folder) && path.hasSuffix(suffix) {
            templates[String(path.dropFirst(folder.count).dropLast(suffix.count))] = text
        }
        return templates
    }()

    /// `Assets/style.css`.
    package static let stylesheet: [UInt8] = EmbeddedFiles.byPath["Assets/style.css"] ?? []

    /// `Assets/app.js`.
    package static let script: [UInt8] = EmbeddedFiles.byPath["Assets/app.js"] ?? []

    /// `openapi.json`.
    package static let openAPIDescription: [UInt8] = EmbeddedFiles.byPath["openapi.json"] ?? []
}
