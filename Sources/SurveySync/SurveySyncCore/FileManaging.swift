import Foundation

/// The part of `FileManager` that finds the user's directories: a seam for tests.
public protocol FileManaging {
    func urls(
        for directory: FileManager.SearchPathDirectory,
        in domainMask: FileManager.SearchPathDomainMask
    ) -> [URL]
}

extension FileManager: FileManaging {}

extension FileManaging {
    /// The user's documents directory: the last URL the file manager gives for it, if any.
    public var documentsURL: URL? {
        urls(for: .documentDirectory, in: .userDomainMask).last
    }
}
