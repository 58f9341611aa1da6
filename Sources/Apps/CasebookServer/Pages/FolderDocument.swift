import Documents

/// A document of the documents folder: read only as a regular file with one name, reached
/// without a symbolic link, so that no link planted in the folder leads the server to open one
/// of its own databases (see `DocumentsPage`).
final class FolderDocument: Document {
    override class var followsLinks: Bool { false }
}
