import CasebookTestSupport
import CasebookWire
import CasebookZip
import Crypto
import Diary
import Foundation
import Testing

/// The diary exported as Day One exports a journal: its JSON in Day One's shape, each photo
/// named by the MD5 of its bytes, and the ZIP read back by the diary's own Day One import as
/// the same entries, stars, tags and photos.
@Suite("A diary exported for Day One")
struct DayOneExportTests {
    @Test func theExportIsDayOnesShapeAndReadsBackWhole() throws {
        let directory = try TemporaryDirectory()
        let data = directory.url.path
        let phone = DiaryCommandTests.photos.appending(path: "phone.jpg").path
        let added = try CasebookExecutable.run([
            "diary", "add", "At the sea #holiday", "--date", "2025-11-02 08:30", "--photo", phone,
            "--data", data,
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let id = String(
            added.standardOutput.split(separator: "\n")[0].dropFirst("added ".count)
                .prefix { $0 != "," })
        #expect(
            try CasebookExecutable.run(["diary", "star", id, "--data", data]).status == 0)
        _ = try CasebookExecutable.run(["diary", "add", "A quiet day.", "--data", data])
        let entries = DiaryEntries(store: try SQLiteDiaryStore(path: data + "/diary.sqlite"))
        let zip = try DayOneArchive.zip(
            of: entries, zone: TimeZone(identifier: "Europe/Rome")!)

        let files = try ZipReader.entries(
            in: zip,
            limits: ZipReader.Limits(mostEntries: 100, mostEntryBytes: 1 << 24, mostBytes: 1 << 26))
        let journal = try #require(files.first { $0.name == "Journal.json" })
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try journal.contents.get()))
                as? [String: Any])
        let written = try #require(object["entries"] as? [[String: Any]])
        #expect(written.count == 2)
        let sea = try #require(written.first { ($0["text"] as? String)?.hasPrefix("At") == true })
        #expect(sea["uuid"] as? String == id.replacingOccurrences(of: "-", with: "").uppercased())
        let stored = try #require(try entries.newest(limit: 10).first { $0.text.hasPrefix("At") })
        #expect(sea["creationDate"] as? String == WireDateText.text(of: stored.date))
        #expect(sea["timeZone"] as? String == "Europe/Rome")
        #expect(sea["tags"] as? [String] == ["holiday"])
        #expect(sea["starred"] as? Bool == true)
        let photo = try #require((sea["photos"] as? [[String: Any]])?.first)
        let md5 = try #require(photo["md5"] as? String)
        let file = try #require(files.first { $0.name == "photos/\(md5).jpeg" })
        let bytes = try file.contents.get()
        #expect(
            Insecure.MD5.hash(data: bytes).map { String(format: "%02x", $0) }.joined() == md5)

        let read = try DiaryFile.read(
            zip, named: "diary.zip", format: nil, zone: TimeZone(identifier: "Europe/Rome")!)
        #expect(Set(read.entries.map(\.id)) == Set(try entries.newest(limit: 10).map(\.id)))
        #expect(read.starred.map { $0.uuidString } == [id.uppercased()])
        #expect(read.photos.count == 1 && read.photos[0].bytes == bytes)
    }
}
