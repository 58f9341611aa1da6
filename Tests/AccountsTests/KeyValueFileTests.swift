import Accounts
import CasebookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The file behind `casebook login` and the preference store: whatever lies at its path, the
/// store opens it or says plainly why not, and never reads what is not a small regular file.
@Suite("A key-value file opened from whatever is at its path")
struct KeyValueFileTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func unusable(_ url: URL, _ reason: String) -> PreferenceStoreError {
        .fileUnusable(path: url.path, reason: reason)
    }

    @Test func keepsWhatWasSetAcrossOpenings() throws {
        let url = directory.appending("login.plist")
        let file = try KeyValueFile(url: url)
        file.set("alice", forKey: "username")
        #expect(file.lastWriteError == nil)
        #expect(try KeyValueFile(url: url).string(forKey: "username") == "alice")
    }

    @Test func aMissingFileIsAnEmptyStore() throws {
        #expect(try KeyValueFile(url: directory.appending("none.plist")).value(forKey: "a") == nil)
    }

    @Test(arguments: [
        Data("garbage\n".utf8), Data([0xFF, 0x00, 0x13, 0x37, 0xC3]),
        Data("<?xml version=\"1.0\"?><plist><array/></plist>".utf8),
    ])
    func bytesThatAreNotAKeyValueFileAreRefusedPlainly(bytes: Data) throws {
        let url = directory.appending("login.plist")
        try bytes.write(to: url)
        #expect(throws: unusable(url, "not a key-value file")) { try KeyValueFile(url: url) }
    }

    @Test func aFolderAFIFOALinkOrAHugeFileIsRefusedUnread() throws {
        let folder = directory.appending("folder.plist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: unusable(folder, "it is a folder")) { try KeyValueFile(url: folder) }

        let fifo = directory.appending("fifo.plist")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: unusable(fifo, "it is a FIFO, not a regular file")) {
            try KeyValueFile(url: fifo)
        }

        let target = try directory.file("elsewhere.plist", contents: "")
        let link = directory.appending("link.plist")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: unusable(link, "it is a symbolic link, which is not followed here")) {
            try KeyValueFile(url: link)
        }

        let huge = directory.appending("huge.plist")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        try FileHandle(forWritingTo: huge).truncate(atOffset: UInt64(KeyValueFile.maximumSize + 1))
        #expect(throws: unusable(huge, "it is larger than 1 MiB, the most read here")) {
            try KeyValueFile(url: huge)
        }
    }
}
