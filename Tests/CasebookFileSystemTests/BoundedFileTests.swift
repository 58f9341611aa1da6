import CasebookFileSystem
import CasebookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files from outside are read only when they are what they claim: a regular file, not too
/// large, reached without a symbolic link, and (for text) valid UTF-8 without NUL.
@Suite("Reading files from outside")
struct BoundedFileTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func readsARegularFileUpToItsLimit() throws {
        let file = try directory.file("a.yaml", contents: "id: 1\n")
        #expect(try BoundedFile.text(atPath: file.path, limit: 6) == "id: 1\n")
        #expect(throws: FileProblem.tooLarge(limit: 5)) {
            try BoundedFile.text(atPath: file.path, limit: 5)
        }
    }

    @Test func aLargeFileIsRefusedBeforeItIsRead() throws {
        let file = directory.appending("huge.yaml")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 64 * 1024 * 1024 * 1024)  // 64 GiB, sparse
        try handle.close()
        #expect(throws: FileProblem.tooLarge(limit: 1024 * 1024)) {
            try BoundedFile.bytes(atPath: file.path, limit: 1024 * 1024)
        }
    }

    @Test func aSymbolicLinkIsNotFollowedUnlessAsked() throws {
        let target = try directory.file("outside.txt", contents: "secret")
        let link = directory.appending("link.yaml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: FileProblem.symbolicLink) {
            try BoundedFile.text(atPath: link.path, limit: 100)
        }
        #expect(
            try BoundedFile.text(atPath: link.path, limit: 100, followingSymlink: true) == "secret")
    }

    /// Asked for a file with one name, a hard link is refused as it is opened (checked on the
    /// open descriptor, so nothing can swap the file in between).
    @Test func aFileWithOtherNamesIsRefusedWhenOneNameIsAsked() throws {
        let file = try directory.file("one.txt", contents: "text")
        #expect(try BoundedFile.text(atPath: file.path, limit: 100, singleName: true) == "text")
        let other = directory.appending("other.txt")
        try FileManager.default.linkItem(at: file, to: other)
        #expect(
            throws: FileProblem.system(
                "it has other names (hard links), which are not followed here")
        ) {
            try BoundedFile.text(atPath: other.path, limit: 100, singleName: true)
        }
        #expect(try BoundedFile.text(atPath: other.path, limit: 100) == "text")
    }

    @Test func aFIFOAFolderOrADeviceIsNotReadNorWaitedOn() throws {
        let fifo = directory.appending("pipe.yaml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let folder = directory.appending("folder.yaml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: FileProblem.notRegular(kind: "a FIFO")) {
            try BoundedFile.bytes(atPath: fifo.path, limit: 100)
        }
        #expect(throws: FileProblem.directory) {
            try BoundedFile.bytes(atPath: folder.path, limit: 100)
        }
        #expect(throws: FileProblem.notRegular(kind: "a device")) {
            try BoundedFile.bytes(atPath: "/dev/zero", limit: 100, followingSymlink: true)
        }
        #expect(throws: FileProblem.missing) {
            try BoundedFile.bytes(atPath: directory.appending("none").path, limit: 100)
        }
    }

    @Test func textIsValidUTF8WithoutNUL() throws {
        let latin1 = directory.appending("latin1.yaml")
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: latin1)
        let nul = directory.appending("nul.yaml")
        try Data([0x61, 0x00, 0x62]).write(to: nul)
        #expect(throws: FileProblem.notText) {
            try BoundedFile.text(atPath: latin1.path, limit: 100)
        }
        #expect(throws: FileProblem.containsNUL) {
            try BoundedFile.text(atPath: nul.path, limit: 100)
        }
    }

    @Test func problemsReadAsPlainWords() {
        #expect(
            FileProblem.tooLarge(limit: 1024 * 1024).description
                == "it is larger than 1 MiB, the most read here")
        #expect(FileProblem.directory.description == "it is a folder")
    }
}

@Suite("Files and folders only their owner can read")
struct OwnerOnlyTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func aPrivateDirectoryIs0700WhateverTheUmask() throws {
        let old = umask(0)
        defer { umask(old) }
        let created = directory.appending("new/data")
        try PrivateDirectory.prepare(created)
        #expect(try Self.mode(created.path) == 0o700)
        let existing = directory.appending("existing")
        try FileManager.default.createDirectory(
            at: existing, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try PrivateDirectory.prepare(existing)
        #expect(try Self.mode(existing.path) == 0o700)
    }

    @Test func aFileWhereThePrivateDirectoryShouldBeIsRefused() throws {
        let file = try directory.file("data", contents: "not a directory")
        #expect(throws: (any Error).self) { try PrivateDirectory.prepare(file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not a directory")
    }

    /// What a person reads when the data directory cannot be used: the path and the system's
    /// reason, as other Unix tools say it, never a Foundation error domain and code.
    @Test func aDirectoryThatCannotBeMadeIsAFailureNamingThePathAndTheReason() throws {
        let file = try directory.file("data", contents: "not a directory")
        let below = file.appending(path: "diary")
        for url in [file, below] {
            let failure = PrivateDirectory.Failure(path: url.path, code: ENOTDIR)
            #expect(throws: failure) { try PrivateDirectory.prepare(url) }
            #expect("\(failure)" == "\(url.path): Not a directory")
            #expect(failure.reason == "Not a directory")
        }
    }

    @Test func restrictingCreatesOrTightensAFileTo0600() throws {
        let old = umask(0)
        defer { umask(old) }
        let new = directory.appending("new.sqlite")
        try OwnerOnlyFile.restrict(new.path)
        #expect(try Self.mode(new.path) == 0o600)
        let open = try directory.file("open.sqlite", contents: "x")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open.path)
        try OwnerOnlyFile.restrict(open.path)
        #expect(try Self.mode(open.path) == 0o600)
        #expect(try String(contentsOf: open, encoding: .utf8) == "x")
        try OwnerOnlyFile.write(Data("key".utf8), to: directory.appending("key"))
        #expect(try Self.mode(directory.appending("key").path) == 0o600)
    }

    /// A store's file that is a symbolic link is never followed, and said to be one, not as
    /// the system's "Too many levels of symbolic links".
    @Test func aLinkIsNotRestrictedAndIsSaidToBeOne() throws {
        let link = directory.appending("diary.sqlite")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: directory.appending("elsewhere").path)
        #expect {
            try OwnerOnlyFile.restrict(link.path)
        } throws: {
            "\($0)" == "cannot use \(link.path): it is a symbolic link"
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appending("elsewhere").path))
    }
}
