/// Why `FileReader` could not read a file.
public enum FileReaderError: Error, Equatable, CustomStringConvertible {
    /// The file at `path` (the documents URL plus the relative path) could not be read.
    case missingFile(path: String)
    /// The file manager knows no documents directory.
    case missingDocumentsURL
    /// `path` is absolute or climbs out of the documents directory; it was not read.
    case pathOutsideDocuments(path: String)

    public var description: String {
        switch self {
        case .missingFile(let path): "cannot read \(path)"
        case .missingDocumentsURL: "there is no documents directory"
        case .pathOutsideDocuments(let path): "'\(path)' is outside the documents directory"
        }
    }
}
