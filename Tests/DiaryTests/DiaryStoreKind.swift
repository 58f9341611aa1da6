import CasebookTestSupport
import Diary
import Foundation
import Testing

/// Every implementation of `DiaryStore`, for the contract tests to run against each.
enum DiaryStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite

    var testDescription: String { rawValue }

    /// A new, empty store; a file-backed one lives in `directory`.
    func make(in directory: TemporaryDirectory) throws -> any DiaryStore {
        switch self {
        case .inMemory: InMemoryDiaryStore()
        case .sqlite:
            try SQLiteDiaryStore(path: directory.appending("d-\(UUID().uuidString).sqlite").path)
        }
    }
}
