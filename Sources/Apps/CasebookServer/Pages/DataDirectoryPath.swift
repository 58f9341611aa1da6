import Foundation

/// A path typed into a form, which must name something inside the data directory.
enum DataDirectoryPath {
    static func resolve(_ relative: String, in dataDirectory: URL) throws -> URL {
        let refusal = RequestError(
            .badRequest, "Paths are relative to the data directory and cannot leave it.")
        let trimmed = relative.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("/"), !trimmed.hasPrefix("~"),
            !trimmed.contains("\0")
        else { throw refusal }
        var depth = 0
        for component in trimmed.split(separator: "/") {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            guard depth >= 0 else { throw refusal }
        }
        let root = dataDirectory.standardizedFileURL.resolvingSymlinksInPath()
        let url = root.appendingPathComponent(trimmed).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path.hasPrefix(root.path + "/") else { throw refusal }
        return url
    }
}
