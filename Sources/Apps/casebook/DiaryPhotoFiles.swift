import CasebookFileSystem
import CasebookServer
import Diary
import Menu

/// The photos `diary add --photo` puts on an entry: each file read (at most 10 MB, a little
/// more to say so) and made as the server makes one (`DiaryPhotoPreparer`), a refusal naming
/// the file.
enum DiaryPhotoFiles {
    static let preparer = DiaryPhotoPreparer()

    static func prepared(atPath path: String) throws -> EntryPhotoFile {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.bytes(
                atPath: path, limit: DishPhotoLimits.mostBytes + 1, followingSymlink: true)
        } catch FileProblem.tooLarge {
            throw FailureReport.Message("\(path): the file is more than a photo may be (10 MB)")
        } catch {
            throw FailureReport.Message("\(path): \(error)")
        }
        do {
            return try preparer.prepare(bytes)
        } catch {
            throw FailureReport.Message("\(path): \(error)")
        }
    }
}
