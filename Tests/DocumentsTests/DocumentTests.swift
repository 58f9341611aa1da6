import CasebookFileSystem
import CasebookTestSupport
import Documents
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Documents and the metatype-driven loader")
struct DocumentTests {
    @Test func aDocumentIsUntitledUntilLoaded() {
        #expect(Document(fileURL: URL(fileURLWithPath: "/tmp/x.txt")).title == "Untitled")
    }

    /// A document type that follows no link reads only a regular file with one name, reached
    /// without a symbolic link: the loader's metatype picks it, as the case study's loader does.
    @Test func aDocumentTypeThatFollowsNoLinkRefusesLinks() throws {
        final class LinkRefusingDocument: Document {
            override class var followsLinks: Bool { false }
        }
        let directory = try TemporaryDirectory()
        let file = try directory.file("notes.txt", contents: "Title\nbody\n")
        let symbolic = directory.appending("symbolic.txt")
        try FileManager.default.createSymbolicLink(at: symbolic, withDestinationURL: file)
        let loader = DocumentLoader()
        loader.documentType = LinkRefusingDocument.self
        #expect(!loader.loadDocument(at: symbolic))
        #expect(loader.readProblem == .symbolicLink)
        let hard = directory.appending("hard.txt")
        try FileManager.default.linkItem(at: file, to: hard)
        #expect(!loader.loadDocument(at: hard))
        #expect(!loader.loadDocument(at: file), "the file has two names now")
        try FileManager.default.removeItem(at: hard)
        #expect(loader.loadDocument(at: file))
        #expect(loader.document?.title == "Title")
        #expect(DocumentLoader().loadDocument(at: symbolic), "a plain document follows links")
    }

    @Test func loadingSetsTheTitleFromTheFilesFirstLine() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("notes.txt", contents: "Shopping list\neggs\nflour\n")
        let document = Document(fileURL: file)
        try document.load()
        #expect(document.title == "Shopping list")
        #expect(document.body == "eggs\nflour\n")
    }

    /// A line ends at CR LF or a lone CR as at LF (Windows' and old Mac files): the title is
    /// the first line, and the body, every byte after its line break, is kept by a retitle, as
    /// is the line break itself.
    @Test(arguments: [
        ("Meeting notes\r\nLine one\r\nLine two\r\n", "Line one\r\nLine two\r\n"),
        ("Meeting notes\rLine one\rLine two\r", "Line one\rLine two\r"),
        ("Meeting notes\nLine one\r\n", "Line one\r\n"),
    ])
    func aLineEndsAtAnyLineBreakAndARetitleKeepsTheBody(contents: String, body: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("w.txt", contents: contents)
        let document = Document(fileURL: file)
        try document.load()
        #expect(document.title == "Meeting notes")
        #expect(Array(document.body.utf8) == Array(body.utf8))
        document.title = "Renamed"
        try document.save()
        let lineBreak = contents.utf8.dropFirst("Meeting notes".utf8.count).dropLast(
            body.utf8.count)
        #expect(
            Array(try Data(contentsOf: file)) == Array("Renamed".utf8) + lineBreak + body.utf8)
    }

    /// A file of one line is all title; a file whose first line is blank is untitled and keeps
    /// every line after it as its body.
    @Test(arguments: [
        ("Just a title", "Just a title", ""),
        ("\nThe body\n", "Untitled", "The body\n"),
        ("   \nThe body", "Untitled", "The body"),
    ])
    func theFirstLineIsTheTitleEvenWhenItIsAllThereIsOrBlank(
        contents: String, title: String, body: String
    ) throws {
        let directory = try TemporaryDirectory()
        let document = Document(fileURL: try directory.file("d.txt", contents: contents))
        try document.load()
        #expect(document.title == title)
        #expect(document.body == body)
    }

    /// The user picks the file, and may pick it through a symbolic link (as the Documents folder
    /// itself often is one).
    @Test func aDocumentReachedThroughASymbolicLinkLoads() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("real.txt", contents: "Linked\nbody")
        let link = directory.appending("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let document = Document(fileURL: link)
        try document.load()
        #expect(document.title == "Linked")
    }

    @Test func aSavedDocumentLoadsBackWithTheSameTitle() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("new.txt")
        let document = Document(fileURL: file)
        document.title = "Plans"
        document.body = "Sail to the island."
        try document.save()
        let reloaded = Document(fileURL: file)
        try reloaded.load()
        #expect(reloaded.title == "Plans")
        #expect(reloaded.body == "Sail to the island.")
    }

    @Test func aTitleCannotSpillIntoTheBody() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("t.txt")
        let document = Document(fileURL: file)
        document.title = "Two\nlines"
        try document.save()
        let reloaded = Document(fileURL: file)
        try reloaded.load()
        #expect(reloaded.title == "Two lines")
        #expect(reloaded.body == "")
    }

    @Test func anUnreadableFileCannotBeLoaded() {
        let document = Document(fileURL: URL(fileURLWithPath: "/nonexistent/doc.txt"))
        #expect(throws: DocumentError.cannotLoadContent) { try document.load() }
        #expect(document.title == "Untitled")
    }

    @Test func aFileThatIsNotTextCannotBeLoaded() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("binary.bin")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: file)
        #expect(throws: DocumentError.cannotLoadContent) { try Document(fileURL: file).load() }
    }

    /// A FIFO would block a reader for ever and a device never end: neither is a document.
    @Test func aFIFOOrADeviceIsNotADocumentAndNothingWaitsOnIt() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.appending("pipe.txt")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for url in [fifo, URL(fileURLWithPath: "/dev/zero")] {
            #expect(throws: DocumentError.cannotLoadContent) { try Document(fileURL: url).load() }
        }
    }

    /// The limit, 16 MiB, is a bound: a document of exactly that size loads, one a byte larger
    /// does not.
    @Test func aDocumentLargerThanTheLimitIsNotLoaded() throws {
        let directory = try TemporaryDirectory()
        let limit = 16 * 1024 * 1024
        let body = String(repeating: "x", count: limit - "Title\n".utf8.count)
        let full = try directory.file("full.txt", contents: "Title\n" + body)
        let document = Document(fileURL: full)
        try document.load()
        #expect(document.title == "Title" && document.body.utf8.count == body.utf8.count)
        let large = try directory.file("large.txt", contents: "Title\n" + body + "x")
        #expect(throws: DocumentError.cannotLoadContent) { try Document(fileURL: large).load() }
    }

    /// Saving replaces the file's contents and nothing else: a private file stays private,
    /// a read-only one read-only.
    @Test(arguments: [0o600, 0o444, 0o640])
    func aSavedDocumentKeepsItsFilesMode(mode: Int) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("private.txt", contents: "Old\nsecret\n")
        #expect(chmod(file.path, mode_t(mode)) == 0)
        let document = Document(fileURL: file)
        try document.load()
        document.title = "New"
        try document.save()
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(Int(status.st_mode) & 0o7777 == mode)
        #expect(try String(contentsOf: file, encoding: .utf8) == "New\nsecret\n")
    }

    /// Saved through a symbolic link, the document the link names gets the new contents and
    /// the link stays a link to it.
    @Test func aDocumentSavedThroughASymbolicLinkChangesTheFileItNames() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("real.txt", contents: "Old\nbody\n")
        let link = directory.appending("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let document = Document(fileURL: link)
        try document.load()
        document.title = "New"
        try document.save()
        #expect(try String(contentsOf: file, encoding: .utf8) == "New\nbody\n")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
    }

    /// A file with two names (a hard link) cannot be replaced without parting them: saving it
    /// is refused, saying why, and the file is left as it was.
    @Test func aDocumentWithTwoNamesIsNotSavedAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("one.txt", contents: "Old\nbody\n")
        let other = directory.appending("two.txt")
        try FileManager.default.linkItem(at: file, to: other)
        let document = Document(fileURL: file)
        try document.load()
        document.title = "New"
        #expect(throws: DocumentError.cannotSaveContent) { try document.save() }
        #expect(document.writeProblem?.contains("2 names") == true)
        #expect(try String(contentsOf: other, encoding: .utf8) == "Old\nbody\n")
    }

    /// A document type that follows no link writes through none either.
    @Test func aDocumentTypeThatFollowsNoLinkSavesThroughNone() throws {
        final class LinkRefusingDocument: Document {
            override class var followsLinks: Bool { false }
        }
        let directory = try TemporaryDirectory()
        let file = try directory.file("real.txt", contents: "Old\nbody\n")
        let link = directory.appending("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let document = LinkRefusingDocument(fileURL: link)
        document.title = "New"
        #expect(throws: DocumentError.cannotSaveContent) { try document.save() }
        #expect(document.writeProblem == "it is a symbolic link")
        #expect(try String(contentsOf: file, encoding: .utf8) == "Old\nbody\n")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
    }

    /// A file's own ways are kept when it is saved: the line break its title ends with (CR LF
    /// for a file from Windows) and its byte order mark, which is no part of the title.
    @Test(arguments: [
        ("Old\r\nbody\r\n", "New\r\nbody\r\n"), ("Old\rbody\r", "New\rbody\r"),
        ("\u{FEFF}Old\nbody\n", "\u{FEFF}New\nbody\n"),
        ("\u{FEFF}Old\r\nbody", "\u{FEFF}New\r\nbody"),
    ])
    func aSavedDocumentKeepsItsLineBreakAndByteOrderMark(old: String, new: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("windows.txt", contents: old)
        let document = Document(fileURL: file)
        try document.load()
        #expect(document.title == "Old")
        document.title = "New"
        try document.save()
        #expect(try Data(contentsOf: file) == Data(new.utf8))
    }

    @Test func aDocumentThatCannotBeWrittenSaysSo() {
        let document = Document(fileURL: URL(fileURLWithPath: "/nonexistent/dir/doc.txt"))
        #expect(throws: DocumentError.cannotSaveContent) { try document.save() }
    }

    @Test func theLoaderCreatesDocumentsThroughItsMetatype() {
        let loader = DocumentLoader()
        loader.documentType = SampleDocument.self
        #expect(loader.loadDocument(at: URL(fileURLWithPath: "/never/touched.txt")))
        #expect((loader.document as? SampleDocument)?.loadCount == 1)
    }

    @Test func theLoaderSaysNoWhenTheDocumentCannotLoad() {
        let loader = DocumentLoader()
        loader.documentType = FailingDocument.self
        #expect(loader.loadDocument(at: URL(fileURLWithPath: "/never/touched.txt")) == false)
        #expect(loader.document == nil)
    }

    /// `load()` throws `cannotLoadContent` whatever kept the file from being read (that is the
    /// case study's contract); what kept it is kept beside it, for a message a person can act on.
    @Test func aDocumentKeepsWhyItsFileCouldNotBeRead() throws {
        let directory = try TemporaryDirectory()
        let binary = directory.appending("binary.bin")
        try Data([0xFF, 0xFE]).write(to: binary)
        let cases: [(URL, FileProblem)] = [
            (URL(fileURLWithPath: "/nonexistent/doc.txt"), .missing), (directory.url, .directory),
            (binary, .notText), (URL(fileURLWithPath: "/dev/zero"), .notRegular(kind: "a device")),
        ]
        for (url, problem) in cases {
            let document = Document(fileURL: url)
            #expect(throws: DocumentError.cannotLoadContent) { try document.load() }
            #expect(document.readProblem == problem, "\(url.path)")
        }
    }

    @Test func theLoaderKeepsWhyTheLastDocumentCouldNotBeReadUntilOneIs() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("real.txt", contents: "Real title\n")
        let loader = DocumentLoader()
        #expect(!loader.loadDocument(at: directory.appending("missing.txt")))
        #expect(loader.readProblem == .missing)
        #expect(loader.loadDocument(at: file))
        #expect(loader.readProblem == nil)
        loader.documentType = FailingDocument.self
        #expect(!loader.loadDocument(at: file))
        #expect(loader.readProblem == nil)  // a document that failed on its own: no file problem
    }

    @Test func theLoaderUsesRealDocumentsByDefault() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("real.txt", contents: "Real title\n")
        let loader = DocumentLoader()
        #expect(loader.loadDocument(at: file))
        #expect(loader.document?.title == "Real title")
    }
}

/// A document that never touches the disk: loading only counts.
final class SampleDocument: Document {
    private(set) var loadCount = 0

    override func load() throws {
        loadCount += 1
        title = "Sample"
    }
}

/// A document whose content can never be loaded.
final class FailingDocument: Document {
    override func load() throws {
        throw DocumentError.cannotLoadContent
    }
}
