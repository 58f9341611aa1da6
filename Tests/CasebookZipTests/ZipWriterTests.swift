import CasebookTestSupport
import CasebookZip
import Foundation
import Testing

/// What `ZipWriter` writes is read back by Python's `zipfile` (its checksums tested), with the
/// names, contents and dates written; past 65,535 entries through ZIP64's records.
@Suite("Writing a ZIP file")
struct ZipWriterTests {
    let modified = Date(timeIntervalSince1970: 1_795_601_600)  // 2026-11-25T10:13:20Z

    func write(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        var writer = ZipWriter(modified: modified)
        var bytes: [UInt8] = []
        for (name, contents) in entries {
            bytes += try writer.entry(named: name, contents: contents)
        }
        return bytes + writer.finish()
    }

    /// What Python's `zipfile` reads in `bytes`: each entry's name, size and date, then a
    /// line of the names of any whose checksum fails.
    func readByPython(_ bytes: [UInt8]) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appending(
            path: "zip-\(UUID().uuidString).zip")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let python = Process()
        python.executableURL = try PythonInterpreter.url
        python.arguments = [
            "-c",
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                for i in z.infolist():
                    data = z.read(i)
                    print(i.filename, len(data), data[:12].decode('utf-8', 'replace').replace('\\n', '|'), i.date_time[:5])
                print('bad', z.testzip())
            """, file.path,
        ]
        let output = Pipe()
        python.standardOutput = output
        return try ProcessLaunch.runToExit(python, readingTextFrom: output)
            .split(separator: "\n").map(String.init)
    }

    @Test func pythonReadsTheEntriesAsWritten() throws {
        let bytes = try write([
            ("ada.yaml", Array("id: ada\nname: Ada\n".utf8)),
            ("Łódź 東京.yaml", Array("id: 7\n".utf8)),
            ("empty.yaml", []),
        ])
        #expect(
            try readByPython(bytes) == [
                "ada.yaml 18 id: ada|name (2026, 11, 25, 10, 13)",
                "Łódź 東京.yaml 6 id: 7| (2026, 11, 25, 10, 13)",
                "empty.yaml 0  (2026, 11, 25, 10, 13)", "bad None",
            ])
    }

    @Test func anEmptyArchiveIsAnArchive() throws {
        #expect(try readByPython(try write([])) == ["bad None"])
    }

    @Test func moreThan65535EntriesGoThroughZip64() throws {
        let entries = (0..<70_000).map { ("r\($0).yaml", Array("id: \($0)\n".utf8)) }
        let lines = try readByPython(try write(entries))
        #expect(lines.count == 70_001)
        #expect(lines[69_999] == "r69999.yaml 10 id: 69999| (2026, 11, 25, 10, 13)")
        #expect(lines.last == "bad None")
    }

    @Test(arguments: ["", "a\u{0}b", String(repeating: "x", count: 65_536)])
    func aNameNoEntryCanHaveIsRefused(name: String) {
        var writer = ZipWriter(modified: modified)
        #expect(throws: ZipWriter.BadName.self) {
            _ = try writer.entry(named: name, contents: [])
        }
    }
}
