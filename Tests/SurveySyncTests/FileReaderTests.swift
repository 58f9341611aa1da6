import CasebookTestSupport
import Foundation
import SurveySync
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FileReader behind the FileManaging seam")
struct FileReaderTests {
    let documents = URL(string: "/var/data/documents")!

    @Test func theDocumentsURLIsTheLastOneTheFileManagerGives() {
        let first = URL(string: "/first")!
        let stub = FileManagingStub(urls: [first, documents])
        #expect(stub.documentsURL == documents)
    }

    @Test func thereIsNoDocumentsURLWhenTheFileManagerGivesNone() {
        #expect(FileManagingStub(urls: []).documentsURL == nil)
    }

    @Test func readsThePathInsideTheDocumentsDirectory() throws {
        var requested: [URL] = []
        let reader = FileReader(fileManager: FileManagingStub(urls: [documents])) { url in
            requested.append(url)
            return "name: Ada"
        }
        #expect(try reader.read(path: "respondents/ada.yaml") == "name: Ada")
        #expect(requested == [documents.appendingPathComponent("respondents/ada.yaml")])
    }

    @Test func aFileThatCannotBeReadIsMissingAndNamedByItsFullPath() {
        let reader = FileReader(fileManager: FileManagingStub(urls: [documents])) { _ in
            throw CocoaError(.fileNoSuchFile)
        }
        #expect(throws: FileReaderError.missingFile(path: "/var/data/documents/non-existing.txt")) {
            try reader.read(path: "non-existing.txt")
        }
    }

    /// The default reader reads only regular UTF-8 files of at most 1 MiB reached without a
    /// symbolic link: a FIFO in the documents folder is never waited on, and a link cannot lead
    /// the reader out of the folder.
    @Test(.timeLimit(.minutes(1)))
    func theDefaultReaderReadsOnlyARegularFileInsideTheFolder() throws {
        let directory = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        let secret = try outside.file("secret.yaml", contents: "token: s3cret")
        _ = try directory.file("ada.yaml", contents: "name: Ada")
        #expect(mkfifo(directory.appending("pipe.yaml").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            at: directory.appending("link.yaml"), withDestinationURL: secret)
        let huge = directory.appending("huge.yaml")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        try FileHandle(forWritingTo: huge).truncate(atOffset: 2 * 1024 * 1024)
        let reader = FileReader(fileManager: FileManagingStub(urls: [directory.url]))
        #expect(try reader.read(path: "ada.yaml") == "name: Ada")
        for name in ["pipe.yaml", "link.yaml", "huge.yaml"] {
            #expect(throws: FileReaderError.self) { try reader.read(path: name) }
        }
    }

    @Test func withoutADocumentsDirectoryNothingCanBeRead() {
        let reader = FileReader(fileManager: FileManagingStub(urls: [])) { _ in "unused" }
        #expect(throws: FileReaderError.missingDocumentsURL) {
            try reader.read(path: "a.yaml")
        }
    }

    @Test(arguments: [
        "/etc/passwd", "../secret.yaml", "a/../../secret.yaml", "a/./../../b",
        "a//../../secret.yaml",
    ])
    func refusesPathsThatLeaveTheDocumentsDirectoryWithoutReadingThem(path: String) {
        var readCount = 0
        let reader = FileReader(fileManager: FileManagingStub(urls: [documents])) { _ in
            readCount += 1
            return "secret"
        }
        #expect(throws: FileReaderError.pathOutsideDocuments(path: path)) {
            try reader.read(path: path)
        }
        #expect(readCount == 0)
    }

    @Test(arguments: ["a/../b.yaml", "./b.yaml", "x/y/../../b.yaml"])
    func acceptsDotsThatStayInside(path: String) throws {
        let reader = FileReader(fileManager: FileManagingStub(urls: [documents])) { _ in "ok" }
        #expect(try reader.read(path: path) == "ok")
    }

    @Test func theRealAdapterReadsARealFileAsUTF8() throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        try "name: Zoë\n".write(
            to: directory.appendingPathComponent("zoe.yaml"), atomically: true, encoding: .utf8)
        let reader = FileReader(fileManager: FileManagingStub(urls: [directory]))
        #expect(try reader.read(path: "zoe.yaml") == "name: Zoë\n")
    }
}
