import Foundation

/// Something that can open a file the way the system would (a viewer, an editor, …).
public protocol URLOpener {
    /// Whether the file was handed to something that opens it.
    func open(_ file: URL) -> Bool
}
