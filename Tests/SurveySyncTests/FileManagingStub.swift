import Foundation
import SurveySync

/// Answers every directory question with preset URLs.
struct FileManagingStub: FileManaging {
    let urls: [URL]

    func urls(
        for directory: FileManager.SearchPathDirectory,
        in domainMask: FileManager.SearchPathDomainMask
    ) -> [URL] {
        urls
    }
}
