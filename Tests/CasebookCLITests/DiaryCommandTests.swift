import CasebookTestSupport
import CasebookZip
import Diary
import Foundation
import PostgresTestSupport
import Testing

@Suite("casebook diary")
struct DiaryCommandTests {
    let data: String

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        data = directory.appending("data").path
        // A data directory that is there, as after a first `diary add`: a missing one is
        // refused by every command that only reads (CommandConventionsTests).
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    func diary(_ arguments: [String], input: String = "") throws -> CasebookExecutable.Result {
        try CasebookExecutable.run(["diary"] + arguments + ["--data", data], input: input)
    }

    func addedID(_ result: CasebookExecutable.Result) -> String {
        result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "added ", with: "")
    }

    static let photos = URL(filePath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "MenuTests/Photos")

    /// `diary add --photo` puts each photo on the new entry, in order, with its words, made as
    /// the server makes them (upright, no metadata); a file that is no photo adds nothing.
    @Test func anEntryIsAddedWithItsPhotosAndAFileThatIsNoPhotoAddsNothing() throws {
        let phone = Self.photos.appending(path: "phone.jpg").path
        let webp = Self.photos.appending(path: "tiramisu.webp").path
        let added = try diary([
            "add", "At the sea", "--photo", phone, "--photo-alt", "The beach at dawn", "--photo",
            webp,
        ])
        #expect(added.status == 0, "\(added.standardError)")
        let lines = added.standardOutput.split(separator: "\n")
        #expect(lines.count == 2 && lines[1] == "with 2 photos", "\(added.standardOutput)")
        let id = try #require(UUID(uuidString: String(lines[0].dropFirst("added ".count))))
        let store = try SQLiteDiaryStore(path: data + "/diary.sqlite")
        let photos = try store.photos(ofEntry: id)
        #expect(photos.map(\.alt) == ["The beach at dawn", ""])
        let kept = try #require(try store.photoFile(id: photos[0].id))
        #expect((kept.largeWidth, kept.largeHeight) == (900, 1200), "upright")
        for (arguments, message) in [
            (
                ["--photo", Self.photos.appending(path: "bomb.png").path],
                "bomb.png: the image says it is 30000 × 30000 pixels"
            ),
            (["--photo", data + "/missing.jpg"], "missing.jpg: "),
            (
                ["--photo", phone, "--photo-alt", "a", "--photo-alt", "b"],
                "--photo-alt: 2 given for 1 --photo"
            ),
        ] {
            let refused = try diary(["add", "Not added"] + arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
        #expect(try store.count() == 1)
    }

    /// A Day One ZIP's photos come with their entries; a photo that is no photo refuses the
    /// whole file, naming it; a journal alone says its photos were left out and how to bring
    /// them.
    @Test func dayOnesPhotosComeInWithTheirEntries() throws {
        let phone = Array(try Data(contentsOf: Self.photos.appending(path: "phone.jpg")))
        let journal = #"""
            {"entries": [{"uuid": "6F9619FF8B86D011B42D00C04FC964FF",
              "creationDate": "2026-01-01T10:00:00Z", "text": "At the sea",
              "photos": [{"identifier": "A1", "md5": "0a1b", "type": "jpeg"}]}]}
            """#
        func zip(photo: [UInt8]) throws -> String {
            var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_767_225_600))
            let bytes =
                try writer.entry(named: "Journal.json", contents: Array(journal.utf8))
                + writer.entry(named: "photos/0a1b.jpeg", contents: photo) + writer.finish()
            let file = directory.appending("export-\(photo.count).zip")
            try Data(bytes).write(to: file)
            return file.path
        }
        let broken = try diary([
            "import", try zip(photo: Array(phone.prefix(4000)) + [0xFF, 0xD9]),
        ])
        #expect(broken.status == 1)
        #expect(
            broken.standardError.contains(
                "export-4002.zip/photos/0a1b.jpeg: the JPEG image is damaged or cut short"),
            "\(broken.standardError)")
        let store = try SQLiteDiaryStore(path: data + "/diary.sqlite")
        #expect(try store.count() == 0)
        let imported = try diary(["import", try zip(photo: phone)])
        #expect(
            imported.standardOutput == "imported 1, already there 0, 1 photo\n",
            "\(imported.standardError)")
        let id = try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(try store.photos(ofEntry: id).count == 1)
        let json = directory.appending("Journal.json")
        try Data(journal.utf8).write(to: json)
        #expect(
            try diary(["import", json.path]).standardOutput
                == "imported 0, already there 1, 1 photo left out (not in the file: import Day One's ZIP export to bring them)\n"
        )
    }

    /// `diary export --format zip` carries every entry's photos with their words, and
    /// `diary import` brings them back into another diary; a second import adds nothing.
    @Test func aZipExportCarriesThePhotosBackIn() throws {
        let phone = Self.photos.appending(path: "phone.jpg").path
        let added = try diary(["add", "At the sea", "--photo", phone, "--photo-alt", "Dawn"])
        #expect(added.status == 0, "\(added.standardError)")
        let archive = directory.appending("diary.zip").path
        FileManager.default.createFile(atPath: archive, contents: nil)
        let exported = try CasebookExecutable.run(
            ["diary", "export", "--format", "zip", "--data", data], outputTo: archive)
        #expect(exported.status == 0, "\(exported.standardError)")
        let other = directory.appending("other").path
        let imported = try CasebookExecutable.run(["diary", "import", archive, "--data", other])
        #expect(
            imported.standardOutput == "imported 1, already there 0, 1 photo\n",
            "\(imported.standardError)")
        let again = try CasebookExecutable.run(["diary", "import", archive, "--data", other])
        #expect(again.standardOutput == "imported 0, already there 1, 1 photo\n")
        let store = try SQLiteDiaryStore(path: other + "/diary.sqlite")
        let entry = try #require(try store.newestEntries(limit: 1, offset: 0).first)
        #expect(entry.text == "At the sea")
        #expect(try store.photos(ofEntry: entry.id).map(\.alt) == ["Dawn"])
    }

    /// Text is kept as it was written: an argument exactly, standard input without the line
    /// breaks that end it (the one `echo` or an editor adds), its indentation, its inner and
    /// trailing spaces and its CR LF kept; so is an edit's.
    @Test(arguments: [
        (["add", "  spaced  "], "", "  spaced  "),
        (["add", "tab end\t"], "", "tab end\t"),
        (["add"], "    indented code\n  end  \n\n", "    indented code\n  end  "),
        (["add"], "a\r\nb\r\n", "a\r\nb"),
    ])
    func textIsKeptAsWrittenButTheLineBreaksEndingStandardInput(
        arguments: [String], input: String, expected: String
    ) throws {
        let id = addedID(try diary(arguments, input: input))
        #expect(try text(of: id) == expected)
        #expect(try diary(["edit", id, " edited "]).status == 0)
        #expect(try text(of: id) == " edited ")
    }

    /// The text of entry `id`, as `diary list --json` gives it.
    func text(of id: String) throws -> String? {
        let listed = try diary(["list", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8))
        let entries = (object as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        return entries.first { ($0["id"] as? String) == id }?["text"] as? String
    }

    @Test func addsListsShowsEditsAndRemovesEntries() throws {
        let added = try diary(["add", "First entry"])
        #expect(added.status == 0)
        let id = addedID(added)
        #expect(UUID(uuidString: id) != nil)

        let second = try diary(["add"], input: "Second entry\nfrom standard input\n")
        #expect(second.status == 0)

        let list = try diary(["list"])
        let lines = list.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("Second entry from standard input"))
        #expect(lines[1].hasPrefix(id))
        #expect(lines[1].hasSuffix("First entry"))

        let shown = try diary(["show", id])
        #expect(shown.standardOutput.hasSuffix("\n\nFirst entry\n"))

        #expect(try diary(["edit", id, "First entry, edited"]).status == 0)
        #expect(try diary(["show", id]).standardOutput.hasSuffix("\n\nFirst entry, edited\n"))

        #expect(try diary(["rm", id]).status == 0)
        #expect(try diary(["list"]).standardOutput.split(separator: "\n").count == 1)
    }

    /// `--json` gives the API's shape: ISO 8601 dates and the whole text, never a localized
    /// date or a text cut for a screen.
    @Test func listsTheNewestAsJSONInTheAPIsShapeWithALimit() throws {
        let long = String(repeating: "long text ", count: 20)
        for text in ["one", "two", long] { _ = try diary(["add", text]) }
        let result = try diary(["list", "--limit", "2", "--json"])
        let page =
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            as? [String: Any]
        let rows = page?["entries"] as? [[String: Any]]
        #expect(
            rows?.map { $0["text"] as? String } == [long, "two"])
        let date = try #require(rows?.first?["date"] as? String)
        #expect(
            try Date(date, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
                <= Date())
        let id = try #require(rows?.first?["id"] as? String)
        let shown = try diary(["show", id, "--json"])
        let entry =
            try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8))
            as? [String: Any]
        #expect(entry?["id"] as? String == id)
        #expect(entry?["date"] as? String == date)
    }

    /// The list is written as the store hands it over, entry by entry; what comes out is still
    /// byte for byte what the JSON encoder makes of the whole list.
    @Test(arguments: [0, 1, 3])
    func listsAsJSONExactlyAsTheEncoderWritesTheWholeList(count: Int) throws {
        struct Listed: Codable {
            struct Row: Codable { let date: String, id: String, text: String }
            let entries: [Row]
        }
        let tricky = "a\u{8}b\u{C}c\u{1F}d\te\rf\ng/h\\i\"j é🍕\u{7F}\u{2028}k"
        for number in 0..<count { _ = try diary(["add", "\(number) \(tricky)"]) }
        let output = try diary(["list", "--json"]).standardOutput
        let listed = try JSONDecoder().decode(Listed.self, from: Data(output.utf8))
        #expect(listed.entries.count == count)
        #expect(listed.entries.allSatisfy { $0.text.hasSuffix(tricky) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        #expect(output == String(decoding: try encoder.encode(listed), as: UTF8.self) + "\n")
    }

    @Test func listsWhatASearchFindsWithinDays() throws {
        for text in ["Walked to the Café", "bread", "cafe walkers"] {
            _ = try diary(["add", text])
        }
        let found = try diary(["list", "--search", "walk* CAFE"])
        let lines = found.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("cafe walkers") == true)
        #expect(lines.last?.hasSuffix("Walked to the Café") == true)
        let today = try diary(["list", "--search", "cafe", "--from", "today", "--to", "today"])
        #expect(today.standardOutput.split(separator: "\n").count == 2)
        #expect(try diary(["list", "--search", "cafe", "--to", "yesterday"]).standardOutput == "")
        #expect(
            try diary(["list", "--from", "3 days ago", "--limit", "1"]).standardOutput.split(
                separator: "\n"
            ).count == 1)
        let json = try diary(["list", "--search", "bread", "--json"])
        let page =
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(
            (page?["entries"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == [
                "bread"
            ])
    }

    @Test(arguments: [
        (["--search", "!!"], "--search: a search needs a word to look for"),
        (["--search", "\"open"], "--search: a search has a \" without its closing \""),
        (
            ["--from", "soon"],
            "--from: 'soon' is not a day (a day is YYYY-MM-DD, today, yesterday or N days ago)"
        ),
        (
            ["--to", "2026-02-30"],
            "--to: '2026-02-30' is not a day (a day is YYYY-MM-DD, today, yesterday or N days ago)"
        ),
    ])
    func aSearchOrDayItCannotReadIsAUsageErrorNamingTheOption(arguments: [String], message: String)
        throws
    {
        let result = try diary(["list"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message))
        #expect(result.standardOutput == "")
    }

    @Test func listsTheEntriesWithEveryTagAskedAndCountsTheTags() throws {
        for text in ["#walk by the #sea", "a #walk in town", "#Walk #sea again"] {
            _ = try diary(["add", text])
        }
        let both = try diary(["list", "--tag", "walk", "--tag", "SEA"])
        #expect(both.standardOutput.split(separator: "\n").count == 2)
        #expect(
            both.standardOutput.split(separator: "\n").first?.hasSuffix("#Walk #sea again") == true)
        let tags = try diary(["tags"])
        #expect(tags.standardOutput == "TAG   ENTRIES\nwalk  3\nsea   2\n")
        let json = try diary(["tags", "--json"])
        let parsed =
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let rows = parsed?["tags"] as? [[String: Any]]
        #expect(rows?.compactMap { $0["tag"] as? String } == ["walk", "sea"])
        #expect(rows?.compactMap { $0["count"] as? Int } == [3, 2])
        let bad = try diary(["list", "--tag", "#walk"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("--tag: '#walk' is not a tag"))
    }

    @Test func aRemovedEntryIsInTheTrashAndComesBackByTheStartOfItsId() throws {
        let id = addedID(try diary(["add", "Gone for a while"]))
        #expect(try diary(["rm", id]).status == 0)
        let trash = try diary(["trash"])
        let lines = trash.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix(id) == true)
        #expect(lines.last?.hasSuffix("Gone for a while") == true)
        let json = try diary(["trash", "--json"])
        let parsed =
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect((parsed?["entries"] as? [[String: Any]])?.first?["id"] as? String == id)
        let restored = try diary(["restore", String(id.prefix(8))])
        #expect(restored.status == 0)
        #expect(restored.standardOutput == "restored \(id)\n")
        #expect(try diary(["list"]).standardOutput.contains("Gone for a while"))
        #expect(try diary(["trash"]).standardOutput == "")
        let again = try diary(["restore", id])
        #expect(again.status == 1)
        #expect(
            again.standardError
                == "casebook diary: no entry in the trash has an id starting with \(id)\n")
    }

    @Test func starsAnEntryByTheStartOfItsIdAndListsTheStarredOnes() throws {
        let first = addedID(try diary(["add", "First"]))
        _ = try diary(["add", "Second"])
        let starred = try diary(["star", String(first.prefix(6))])
        #expect(starred.status == 0)
        #expect(starred.standardOutput == "starred \(first)\n")
        let listed = try diary(["list", "--starred"]).standardOutput.split(separator: "\n")
        #expect(listed.count == 1)
        #expect(listed.first?.hasPrefix(first) == true)
        #expect(try diary(["unstar", first]).standardOutput == "unstarred \(first)\n")
        #expect(try diary(["list", "--starred"]).standardOutput.isEmpty)
    }

    @Test func listsMoreEntriesThanFitInOneWriteNewestFirst() throws {
        let texts = (0..<1_500).map {
            "Entry number \($0),\nwith some words to make it longer than a list shows of it, é\($0)"
        }
        let database = directory.appending("data/diary.sqlite").path
        _ = try diary(["list"])  // creates the store
        let entries = try DiaryFixture.insert(texts, into: database)
        let lines = try diary(["list", "--limit", "1499"]).standardOutput.split(separator: "\n")
        #expect(lines.count == 1_499)
        let dates = DiaryDateFormatter()
        for (line, entry) in zip(lines, entries.reversed()) {
            let preview = entry.preview.replacingOccurrences(of: "\n", with: " ")
            let expected =
                "\(entry.id.uuidString.lowercased())  \(dates.string(from: entry.date))  \(preview)"
            guard line == expected else {
                Issue.record("\(line) is not \(expected)")
                break
            }
        }
    }

    /// A list shows each entry on one line: a browser's line breaks (CR LF), a lone carriage
    /// return and a tab as one space each, every other control character as the octal escapes
    /// of its bytes, so that no text can overwrite its line or send the terminal a command.
    @Test func listsEachEntryOnOneLineWithoutControlCharacters() throws {
        let database = directory.appending("data/diary.sqlite").path
        _ = try diary(["list"])  // creates the store
        let texts = [
            "first line\r\nsecond line", "tab\there", "lone\rreturn\nend",
            "escape \u{1B}[2J here", "bell\u{7}del\u{7F}c1\u{9B}x",
        ]
        try DiaryFixture.insert(texts, into: database)
        let output = try diary(["list"]).standardOutput
        let previews = output.split(separator: "\n").map { $0.split(separator: "  ").last ?? "" }
        #expect(
            previews.reversed() == [
                "first line second line", "tab here", "lone return end",
                "escape \\033[2J here", "bell\\007del\\177c1\\302\\233x",
            ])
        #expect(!output.utf8.contains { $0 < 0x20 && $0 != 0x0A })
    }

    @Test func cutsLongEntriesInTheListButShowsThemWhole() throws {
        let long = Array(repeating: "word", count: 30).joined(separator: " ")
        let id = addedID(try diary(["add", long]))
        let row = try diary(["list"]).standardOutput
        #expect(row.contains(String(long.prefix(80)) + "…"))
        #expect(try diary(["show", id]).standardOutput.hasSuffix(long + "\n"))
    }

    /// Every spelling of `add` adds the text as given: `add TEXT --data DIR` in either order is
    /// run without the command-line parser (it starts the way a tool in a shell loop must), the
    /// others through it; all must agree.
    @Test func everySpellingOfAddAddsTheTextAsGiven() throws {
        let text = "A walk by the sea,\n\té🍕 then soup  "
        let spellings = [
            ["diary", "add", text, "--data", data], ["diary", "add", "--data", data, text],
            ["diary", "add", "--data=\(data)", text], ["diary", "add", "--data", data, "--", text],
        ]
        for spelling in spellings {
            let result = try CasebookExecutable.run(spelling)
            #expect(result.status == 0, "\(spelling)")
            #expect(result.standardError == "")
            let shown = try diary(["show", addedID(result)])
            #expect(shown.standardOutput.hasSuffix("\n\nA walk by the sea,\n\té🍕 then soup  \n"))
        }
        #expect(try diary(["list"]).standardOutput.split(separator: "\n").count == 4)
    }

    /// An entry dated when it happened, in the writer's time zone: by `--date`, or by jrnl's
    /// leading moment (taken off the text); a text that starts otherwise is all text; a time
    /// the clocks skip, or a date that is none, is refused and nothing is added.
    @Test func anEntryIsDatedByDateOrByJrnlsLeadingMoment() throws {
        let rome = ["TZ": "Europe/Rome"]
        func run(_ arguments: [String]) throws -> CasebookExecutable.Result {
            try CasebookExecutable.run(["diary"] + arguments + ["--data", data], environment: rome)
        }
        #expect(try run(["add", "--date", "2025-11-02 08:30", "Rain all day."]).status == 0)
        let leading = try run(["add", "2025-07-14 21:00: Fireworks by the river."])
        #expect(leading.status == 0)
        #expect(leading.standardOutput.contains(", dated "))
        #expect(try run(["add", "Note: buy figs"]).status == 0)
        let skipped = try run(["add", "--date", "2026-03-29 02:30", "Lost hour"])
        #expect(skipped.status == 1)
        #expect(
            skipped.standardError
                == "casebook diary: 02:30 on 2026-03-29 does not exist in Europe/Rome: the clocks went forward an hour then; write 03:30, or the time before the change\n"
        )
        let typo = try run(["add", "2025-13-45: typo"])
        #expect(typo.status == 1)
        #expect(typo.standardError.hasPrefix("casebook diary: '2025-13-45' is not a date and time"))
        let listed = try run(["list", "--json"]).standardOutput
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])?[
                "entries"] as? [[String: Any]])
        #expect(entries.count == 3)
        let dated = Dictionary(
            uniqueKeysWithValues: entries.map {
                ($0["text"] as? String ?? "", $0["date"] as? String ?? "")
            })
        #expect(dated["Rain all day."] == "2025-11-02T07:30:00.000Z")
        #expect(dated["Fireworks by the river."] == "2025-07-14T19:00:00.000Z")
        #expect(dated["Note: buy figs"] != nil)
    }

    /// Failures are the same whichever way the arguments went: the message, the status, nothing
    /// added; and anything the shortcut does not know (help, an unknown option, a second text)
    /// is the parser's to answer.
    @Test func everySpellingOfAddFailsAlike() throws {
        let file = try directory.file("file", contents: "")
        for (path, text) in [(file.path, "soup"), (data, "   ")] {
            let direct = try CasebookExecutable.run(["diary", "add", text, "--data", path])
            let parsed = try CasebookExecutable.run(["diary", "add", "--data=\(path)", "--", text])
            #expect(direct.status == 1)
            #expect(direct.standardError.hasPrefix("casebook diary: "))
            #expect(direct.status == parsed.status)
            #expect(direct.standardError == parsed.standardError)
            #expect(direct.standardOutput == "" && parsed.standardOutput == "")
        }
        #expect(try diary(["list"]).standardOutput == "")
        let help = try diary(["add", "soup", "--help"])
        #expect(help.status == 0)
        #expect(
            help.standardOutput.contains(
                "USAGE: casebook diary add [<text>] [--date <date>] [--photo <file> ...] "
                    + "[--photo-alt <words> ...] [--data <data>]"))
        let misspelt = [
            ["add", "soup", "-x", "--data", data], ["add", "soup", "salad", "--data", data],
            ["add", "soup", "--data"],
        ]
        for arguments in misspelt {
            let refused = try CasebookExecutable.run(["diary"] + arguments)
            #expect(refused.status == 64, "\(arguments)")
            #expect(refused.standardError.hasPrefix("Error: "))
        }
        #expect(try diary(["list"]).standardOutput == "")
    }

    /// Every spelling of a plain `list` lists alike: `list [--search WORDS] [--limit N]
    /// [--data DIR]` is run without the command-line parser (a search from a shell starts as
    /// `sqlite3` does), the others (`--search=WORDS`, after `--`) through it; the lines, the
    /// status and any refusal must agree.
    @Test func everySpellingOfAPlainListListsAlike() throws {
        for text in ["A walk by the café #sea", "Soup at noon", "Walked home in the rain"] {
            _ = try diary(["add", text])
        }
        let searches = ["walk*", "cafe", "\"by the\"", "soup walk", "nothing-here", "("]
        for search in searches {
            let direct = try CasebookExecutable.run([
                "diary", "list", "--search", search, "--data", data,
            ])
            let parsed = try CasebookExecutable.run([
                "diary", "list", "--data=\(data)", "--search=\(search)",
            ])
            #expect(direct.status == parsed.status, "\(search)")
            #expect(direct.standardOutput == parsed.standardOutput, "\(search)")
            #expect(direct.standardError == parsed.standardError, "\(search)")
        }
        let limited = try CasebookExecutable.run([
            "diary", "list", "--limit", "2", "--data", data,
        ])
        let limitedParsed = try CasebookExecutable.run([
            "diary", "list", "--limit=2", "--data=\(data)",
        ])
        #expect(limited.standardOutput.split(separator: "\n").count == 2)
        #expect(limited.standardOutput == limitedParsed.standardOutput)
        for limit in ["0", "x", "99999999999999999999"] {
            let direct = try CasebookExecutable.run([
                "diary", "list", "--limit", limit, "--data", data,
            ])
            let parsed = try CasebookExecutable.run([
                "diary", "list", "--limit=\(limit)", "--data=\(data)",
            ])
            #expect(direct.status == 64 && parsed.status == 64, "\(limit)")
            #expect(direct.standardError == parsed.standardError, "\(limit)")
        }
        let missing = directory.appending("missing").path
        let direct = try CasebookExecutable.run(["diary", "list", "--data", missing])
        let parsed = try CasebookExecutable.run(["diary", "list", "--data=\(missing)"])
        #expect(direct.status == 1 && direct.status == parsed.status)
        #expect(direct.standardError == parsed.standardError)
    }

    @Test(arguments: [["add", "   "], ["add"]])
    func refusesBlankText(arguments: [String]) throws {
        let result = try diary(arguments, input: "  \n")
        #expect(result.status == 1)
        #expect(result.standardError == "casebook diary: an entry needs some text\n")
        #expect(try diary(["list"]).standardOutput == "")
    }

    /// On a terminal, `diary add` without text says how to finish it; from a pipe it says
    /// nothing. The terminal is a real one, from `script`.
    /// `arguments` to `casebook diary` on a real terminal (from `script`), typing `typed`,
    /// with `editor` as `EDITOR` (and no `VISUAL`): its status and what the terminal showed.
    func onATerminal(_ arguments: [String], typed: String = "", editor: String? = nil) throws
        -> (status: Int32, shown: String)
    {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([CasebookExecutable.url.path, "diary"] + arguments + ["--data", data])
            .map { "'\($0)'" }.joined(separator: " ")
        script.arguments = ["-qec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["VISUAL"] = nil
        environment["EDITOR"] = editor
        script.environment = environment
        let input = Pipe()
        let output = Pipe()
        script.standardInput = input
        script.standardOutput = output
        try script.run()
        input.fileHandleForWriting.write(Data(typed.utf8))
        let shown = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ProcessLaunch.waitForExit(script)
        return (script.terminationStatus, shown)
    }

    /// An editor that runs `body` on the file it is given (`$1`).
    func editor(_ body: String) throws -> String {
        let url = directory.appending("editor-\(UUID().uuidString).sh")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url.path
    }

    /// As `git commit` does: without text on a terminal, `$VISUAL` or `$EDITOR` opens; what
    /// it leaves is the entry (or, for `edit`, the new text), and an empty result changes
    /// nothing.
    @Test func onATerminalWithAnEditorTheEditorWritesTheEntry() throws {
        let writes = try editor(#"printf 'Written in the editor\n' > "$1""#)
        #expect(try onATerminal(["add"], editor: writes).status == 0)
        let listed = try diary(["list"]).standardOutput
        #expect(listed.contains("Written in the editor"))
        let id = String(listed.prefix(8))
        let appends = try editor(#"printf ' and more' >> "$1""#)
        #expect(try onATerminal(["edit", id], editor: appends).status == 0)
        #expect(
            try diary(["show", id]).standardOutput.hasSuffix("Written in the editor and more\n"))
        let empties = try editor(#": > "$1""#)
        let nothing = try onATerminal(["add"], editor: empties)
        #expect(nothing.status == 0)
        #expect(nothing.shown.contains("nothing added: the entry was empty"))
        #expect(try diary(["list"]).standardOutput.split(separator: "\n").count == 1)
    }

    /// An entry opened in an editor and left as it was changes nothing, whether the editor
    /// ends the file with a line break or not, and whether the entry ended with one or not.
    @Test func anEntryLeftAsItWasInTheEditorIsNotChanged() throws {
        let breaking = addedID(try diary(["add", "Ends with a break\n"]))
        let plain = addedID(try diary(["add", "Ends without one"]))
        let untouched = try editor("true")
        let breaks = try editor(#"printf '\n' >> "$1""#)
        for (id, editor) in [(breaking, untouched), (plain, breaks), (breaking, breaks)] {
            let result = try onATerminal(["edit", id], editor: editor)
            #expect(result.status == 0)
            #expect(result.shown.contains("nothing changed"), "\(result.shown)")
        }
        #expect(try text(of: breaking) == "Ends with a break\n")
        #expect(try text(of: plain) == "Ends without one")
    }

    @Test func onATerminalAddSaysHowToFinishTheText() throws {
        let (status, said) = try onATerminal(["add"], typed: "Walked home\n\u{04}")
        #expect(status == 0)
        #expect(said.contains("Type the entry, then press Ctrl+D on a line of its own to add it"))
        #expect(try diary(["list"]).standardOutput.contains("Walked home"))
        let piped = try diary(["add"], input: "From a pipe\n")
        #expect(piped.standardError.isEmpty)
    }

    @Test func anUnknownOrMalformedIdIsAClearError() throws {
        let unknown = try diary(["show", "6f9619ff-8b86-d011-b42d-00c04fc964ff"])
        #expect(unknown.status == 1)
        #expect(
            unknown.standardError
                == "casebook diary: there is no entry 6f9619ff-8b86-d011-b42d-00c04fc964ff\n")
        let malformed = try diary(["rm", "42"])
        #expect(malformed.status == 1)
        #expect(malformed.standardError.hasPrefix("casebook diary: '42' is not an entry id"))
    }

    @Test func takesTheStartOfAnIdAsGitDoes() throws {
        let id = addedID(try diary(["add", "Short ids are enough"]))
        let start = String(id.prefix(8))
        #expect(try diary(["show", start]).standardOutput.hasSuffix("\n\nShort ids are enough\n"))
        #expect(try diary(["edit", start.uppercased(), "Edited by a short id"]).status == 0)
        #expect(try diary(["rm", start]).standardOutput == "removed \(id)\n")
        let gone = try diary(["show", start])
        #expect(gone.status == 1)
        #expect(gone.standardError == "casebook diary: no entry's id starts with '\(start)'\n")
    }

    @Test func twoProcessesAddingAtOnceLoseNothing() async throws {
        _ = try diary(["list"])  // creates the store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for process in 0..<2 {
                group.addTask {
                    for number in 0..<8 {
                        let result = try diary(["add", "p\(process) n\(number)"])
                        #expect(result.status == 0, "\(result.standardError)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(
            try diary(["list", "--limit", "100"]).standardOutput.split(separator: "\n").count == 16)
    }

    /// Text from standard input is valid UTF-8 without NUL, or it is refused: never stored with
    /// replacement characters, never cut.
    @Test(
        arguments: [
            (
                [0x63, 0x61, 0x66, 0xE9, 0x0A],
                "casebook diary: standard input is not valid UTF-8 text\n"
            ),
            ([0x61, 0x00, 0x62], "casebook diary: standard input contains a NUL character\n"),
        ] as [([UInt8], String)])
    func textThatIsNotTextIsRefused(bytes: [UInt8], message: String) throws {
        let result = try CasebookExecutable.run(
            ["diary", "add", "--data", data], inputData: Data(bytes))
        #expect(result.status == 1)
        #expect(result.standardError == message)
        #expect(try diary(["list"]).standardOutput.isEmpty)
    }

    /// An argument is text only if it is UTF-8: one that is not is refused before anything is
    /// done, naming the argument and the byte, never saved with a replacement character (on the
    /// fast path for a plain `diary add` and through the parser alike).
    @Test(
        arguments: [
            ([], [0x61, 0x80, 0x62], "its byte 2 is 0x80"),
            (["--"], [0x61, 0x80, 0x62], "its byte 2 is 0x80"),
            ([], [0xC3, 0xA9, 0xFF], "its byte 3 is 0xFF"),
            ([], [0x61, 0xE2, 0x82], "its byte 2 is 0xE2"),
        ] as [([String], [UInt8], String)])
    func anArgumentThatIsNotUTF8IsRefused(
        separator: [String], text: [UInt8], where place: String
    ) throws {
        let command = ["diary", "add", "--data", data] + separator
        let result = try CasebookExecutable.run(
            rawArguments: command.map { Array($0.utf8) } + [text])
        let position = command.count + 1
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "casebook: argument \(position) is not valid UTF-8 text (\(place))\n")
        #expect(result.standardOutput.isEmpty)
        #expect(try diary(["list"]).standardOutput.isEmpty)
    }

    /// The same for the environment variables Casebook reads, whether or not the command uses
    /// them: a data directory named by bytes that are not UTF-8 was created under another name
    /// (U+FFFD in place of them). The value is not shown: it may be a password or a token.
    @Test(arguments: ["CASEBOOK_DATA", "XDG_DATA_HOME", "CASEBOOK_DATABASE_URL", "PGPASSWORD"])
    func anEnvironmentVariableThatIsNotUTF8IsRefused(name: String) throws {
        let value = Array(directory.appending("d").path.utf8) + [0x80]
        let result = try CasebookExecutable.run(
            rawArguments: ["diary", "add", "hello", "--data", data].map { Array($0.utf8) },
            rawEnvironment: [name: value])
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "casebook: the environment variable \(name) is not valid UTF-8 text (its byte "
                + "\(value.count) is 0x80)\n")
        #expect(result.standardOutput.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["data"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: data).isEmpty)
    }
}

/// One diary from every client: `--user NAME` works on the diary that user sees when signed in
/// to the server; once the data directory has users, the shared diary (which none of them
/// sees) is still there, and the command says so.
@Suite("casebook diary --user")
struct DiaryUserTests {
    let directory: TemporaryDirectory
    var data: String { directory.url.path }

    init() throws { directory = try TemporaryDirectory() }

    func casebook(_ arguments: [String], input: String = "") throws -> CasebookExecutable.Result {
        try CasebookExecutable.run(
            arguments + ["--data", data], input: input,
            environment: ["CASEBOOK_PASSWORD_COST": "4"])
    }

    @Test func aUsersDiaryIsTheOneTheServerShowsThem() async throws {
        #expect(
            try casebook(["user", "add", "ada", "--role", "diarist"], input: "correct horse\n")
                .status == 0)
        let added = try casebook(["diary", "add", "Only for Ada", "--user", "ada"])
        #expect(added.status == 0)
        #expect(added.standardError.isEmpty)
        #expect(
            try casebook(["diary", "list", "--user", "ada"]).standardOutput.contains("Only for Ada")
        )

        // The server shows it to Ada, signed in.
        let server = try ServerProcess(dataDirectory: directory.url, ownsDataDirectory: false)
        defer { server.stop() }
        let ada = try await SignedInBrowser(url: server.url, name: "ada", password: "correct horse")
        let (page, _) = try await ada.session.data(from: server.url.appendingPathComponent("diary"))
        #expect(String(decoding: page, as: UTF8.self).contains("Only for Ada"))

        let shared = try casebook(["diary", "add", "For nobody"])
        #expect(shared.status == 0)
        #expect(
            shared.standardError
                == "casebook diary: note: this data directory has users, and this is the diary none of them sees; --user NAME works on a user's own\n"
        )
        let unknown = try casebook(["diary", "list", "--user", "bob"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "casebook diary: there is no user named 'bob'\n")
    }
    /// With `--database` (or `$CASEBOOK_DATABASE_URL`), the diary is the one in PostgreSQL that
    /// servers on that database show: a user's own with `--user`.
    @Test func onPostgreSQLAUsersDiaryIsTheOneServersOnTheDatabaseShowThem() async throws {
        let database = try await PostgresTesting.newDatabaseURL()
        #expect(
            try casebook(
                ["user", "add", "ada", "--role", "diarist", "--database", database],
                input: "correct horse\n"
            ).status == 0)
        let added = try casebook(
            [
                "diary", "add", "Written by Ada in PostgreSQL #pg", "--user", "ada", "--database",
                database,
            ])
        #expect(added.status == 0)
        #expect(added.standardError.isEmpty)
        let listed = try CasebookExecutable.run(
            ["diary", "list", "--user", "ada", "--tag", "pg", "--data", data],
            environment: ["CASEBOOK_DATABASE_URL": database])
        #expect(listed.standardOutput.contains("Written by Ada in PostgreSQL #pg"))
        #expect(try casebook(["diary", "list"]).standardOutput.isEmpty, "not in the SQLite file")

        let server = try ServerProcess(
            dataDirectory: directory.url, arguments: ["--database", database],
            ownsDataDirectory: false)
        defer { server.stop() }
        let ada = try await SignedInBrowser(url: server.url, name: "ada", password: "correct horse")
        let (page, _) = try await ada.session.data(from: server.url.appendingPathComponent("diary"))
        #expect(String(decoding: page, as: UTF8.self).contains("Written by Ada in PostgreSQL"))

        let shared = try casebook(["diary", "add", "For nobody", "--database", database])
        #expect(shared.standardError.contains("note: this database has users"))
        let unknown = try casebook(["diary", "list", "--user", "bob", "--database", database])
        #expect(unknown.standardError == "casebook diary: there is no user named 'bob'\n")
    }
}

/// Export and import: Casebook's JSON goes out and comes back the same (ids, dates to the
/// millisecond, text); importing a file twice adds nothing twice; a malformed file is refused
/// whole, naming the entry, with nothing imported. Markdown and jrnl's plain text go out.
@Suite("casebook diary export and import")
struct DiaryExportImportTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func casebook(_ arguments: [String], data: String) throws -> CasebookExecutable.Result {
        try CasebookExecutable.run(arguments + ["--data", directory.appending(data).path])
    }

    @Test func jsonGoesOutAndComesBackTheSameOnce() throws {
        try FileManager.default.createDirectory(
            atPath: directory.appending("from").path, withIntermediateDirectories: true)
        _ = try casebook(["diary", "list"], data: "from")
        try DiaryFixture.insert(
            ["First, \"quoted\"", "Second\nwith two lines", "Third ☕"],
            into: directory.appending("from/diary.sqlite").path)
        let listed = try casebook(["diary", "list", "--json"], data: "from").standardOutput
        let starredID = try #require(
            listed.range(of: #"[0-9a-f]{8}-[0-9a-f-]{27}"#, options: .regularExpression)
                .map { String(listed[$0]) })
        #expect(try casebook(["diary", "star", starredID], data: "from").status == 0)
        let exported = try casebook(["diary", "export"], data: "from")
        #expect(exported.status == 0)
        #expect(exported.standardOutput.components(separatedBy: #""starred" : true"#).count == 2)
        let file = directory.appending("diary.json")
        try exported.standardOutput.write(to: file, atomically: true, encoding: .utf8)

        let imported = try casebook(["diary", "import", file.path], data: "to")
        #expect(imported.status == 0)
        #expect(imported.standardOutput == "imported 3, already there 0\n")
        let again = try casebook(["diary", "import", file.path], data: "to")
        #expect(again.standardOutput == "imported 0, already there 3\n")
        #expect(
            try casebook(["diary", "export"], data: "to").standardOutput == exported.standardOutput)
        let starred = try casebook(["diary", "list", "--starred"], data: "to").standardOutput
        #expect(starred.hasPrefix(starredID) && starred.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (
            #"{"entries": [{"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "date": "2026-01-01T00:00:00.000Z", "text": "fine"}, {"id": "nope", "date": "2026-01-01T00:00:00.000Z", "text": "x"}]}"#,
            "entry 2: 'nope' is not an entry id"
        ),
        (
            #"{"entries": [{"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "date": "yesterday", "text": "x"}]}"#,
            "entry 1: the date 'yesterday' is not an RFC 3339 date and time (2026-03-01T12:00:00Z)"
        ),
        (
            #"{"entries": [{"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "date": "2026-01-01T00:00:00Z", "text": "  "}]}"#,
            "entry 1: an entry needs some text"
        ),
        (#"[1, 2"#, "the file is not valid JSON"),
        (
            #"{"entries": [{"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "date": "2026-01-01T00:00:00.000Z", "text": "ok"}, {"id": "6f9619ff-8b86-d011-b42d-00c04fc964fe", "date": "2026-01-01T00:00:00.000Z", "text": 5}]}"#,
            #"the file must be {"entries": [{"id", "date", "text"}, …]}: entry 2: text must be a string"#
        ),
        (
            #"{"entries": [{"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "date": "2026-01-01T00:00:00.000Z"}]}"#,
            #"the file must be {"entries": [{"id", "date", "text"}, …]}: entry 1: text is missing"#
        ),
        (
            #"{"entries": [{"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "date": "2026-01-01T00:00:00.000Z", "text": "first"}, {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "date": "2026-01-02T00:00:00.000Z", "text": "second"}]}"#,
            "entry 2: its id is entry 1's too (6f9619ff-8b86-d011-b42d-00c04fc964ff)"
        ),
        (
            #"{"entries": [{"uuid": "6F9619FF8B86D011B42D00C04FC964FF", "creationDate": "2026-01-01T00:00:00Z", "text": "first"}, {"uuid": "6F9619FF8B86D011B42D00C04FC964FF", "creationDate": "2026-01-02T00:00:00Z", "text": "second"}]}"#,
            "entry 2: its id is entry 1's too (6f9619ff-8b86-d011-b42d-00c04fc964ff)"
        ),
    ])
    func aMalformedFileIsRefusedWholeNamingTheEntry(json: String, message: String) throws {
        let file = directory.appending("bad.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        let result = try casebook(["diary", "import", file.path], data: "to")
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix("casebook diary: \(file.path): \(message)"),
            "\(result.standardError)")
        let listed = try casebook(["diary", "list"], data: "to")
        #expect(listed.standardOutput.isEmpty, "nothing imported")
    }

    @Test func markdownAndJrnlGoOutOldestFirst() throws {
        try FileManager.default.createDirectory(
            atPath: directory.appending("d").path, withIntermediateDirectories: true)
        _ = try casebook(["diary", "list"], data: "d")
        try DiaryFixture.insert(
            ["Walked to the lighthouse.\nThen soup.", "Rain."],
            into: directory.appending("d/diary.sqlite").path)
        let jrnl = try casebook(["diary", "export", "--format", "jrnl"], data: "d")
        #expect(jrnl.status == 0)
        let lines = jrnl.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.first?.range(
                of: #"^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}\] Walked to the lighthouse\.$"#,
                options: .regularExpression) != nil)
        #expect(lines[1] == "Then soup.")
        #expect(jrnl.standardOutput.contains("] Rain.\n"))
        let markdown = try casebook(["diary", "export", "--format", "markdown"], data: "d")
        #expect(markdown.standardOutput.hasPrefix("# Diary\n\n## "))
        #expect(markdown.standardOutput.contains("\n\nWalked to the lighthouse.\nThen soup.\n"))
        let unknown = try casebook(["diary", "export", "--format", "csv"], data: "d")
        #expect(unknown.status == 64)
    }

    /// A Day One export (its Journal.json) comes in with its uuids and creation dates, its tags
    /// as #tags at the end of the text; entries of photos alone are skipped; a second import
    /// adds nothing.
    @Test func aDayOneJournalComesInWithItsTagsOnce() throws {
        let journal = #"""
            {"metadata": {"version": "1.0"}, "entries": [
              {"uuid": "0E55A1B0C5C24D0C9B1F7B0D5C2F4E11", "creationDate": "2024-05-01T07:30:00Z",
               "text": "Morning run by the river.", "tags": ["running", "river walk", "mom's v2.1", "++"], "starred": true,
               "timeZone": "Europe/Rome", "location": {"placeName": "Lungotevere"}},
              {"uuid": "7A6C31D0E4B9482F8C0D5E6F7A8B9C0D", "creationDate": "2024-05-02T19:00:00Z",
               "text": "Dinner with #friends", "tags": ["friends"]},
              {"uuid": "11111111222233334444555555555555", "creationDate": "2024-05-03T10:00:00Z",
               "photos": [{"md5": "abc"}]}
            ]}
            """#
        let file = directory.appending("Journal.json")
        try journal.write(to: file, atomically: true, encoding: .utf8)
        let imported = try casebook(["diary", "import", file.path], data: "d")
        #expect(imported.standardOutput == "imported 2, already there 0, skipped 1 without text\n")
        let shown = try casebook(
            ["diary", "show", "0e55a1b0-c5c2-4d0c-9b1f-7b0d5c2f4e11"], data: "d")
        #expect(
            shown.standardOutput.hasSuffix(
                "\n\nMorning run by the river.\n\n#running #river-walk #mom-s-v2-1\n"))
        let tags = try casebook(["diary", "tags"], data: "d")
        #expect(tags.standardOutput.contains("friends "))
        let starred = try casebook(["diary", "list", "--starred"], data: "d").standardOutput
        #expect(starred.split(separator: "\n").count == 1)
        #expect(starred.hasPrefix("0e55a1b0-c5c2-4d0c-9b1f-7b0d5c2f4e11"))
        #expect(
            try casebook(["diary", "export"], data: "d").standardOutput.contains(
                "2024-05-02T19:00:00.000Z"))
        let again = try casebook(["diary", "import", file.path, "--format", "dayone"], data: "d")
        #expect(again.standardOutput == "imported 0, already there 2, skipped 1 without text\n")
        try #"{"entries": [{"uuid": "nope", "creationDate": "2024-05-01T07:30:00Z", "text": "x"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let bad = try casebook(["diary", "import", file.path, "--format", "dayone"], data: "d")
        #expect(
            bad.standardError
                == "casebook diary: \(file.path): entry 1: 'nope' is not a Day One uuid (32 hex digits)\n"
        )
    }

    /// jrnl's plain-text journal comes in, each entry at its minute; what diary export writes
    /// as jrnl reads back; a second import adds nothing.
    @Test func aJrnlJournalComesInOnce() throws {
        let journal = """
            [2024-05-01 07:30] Morning run by the river.
            Felt good. #running

            [2024-05-02 19:00] Dinner with friends.

            """
        let file = directory.appending("journal.txt")
        try journal.write(to: file, atomically: true, encoding: .utf8)
        let imported = try casebook(["diary", "import", file.path], data: "d")
        #expect(imported.standardOutput == "imported 2, already there 0\n")
        let listed = try casebook(["diary", "list"], data: "d").standardOutput
        #expect(listed.split(separator: "\n").first?.hasSuffix("Dinner with friends.") == true)
        #expect(try casebook(["diary", "tags"], data: "d").standardOutput.contains("running  1"))
        let again = try casebook(["diary", "import", file.path, "--format", "jrnl"], data: "d")
        #expect(again.standardOutput == "imported 0, already there 2\n")
        let exported = try casebook(["diary", "export", "--format", "jrnl"], data: "d")
        let round = directory.appending("round.txt")
        try exported.standardOutput.write(to: round, atomically: true, encoding: .utf8)
        #expect(
            try casebook(["diary", "import", round.path], data: "e").standardOutput
                == "imported 2, already there 0\n")
        try "Dear diary\n[2024-05-01 07:30] x\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try casebook(["diary", "import", file.path], data: "d")
        #expect(
            bad.standardError
                == "casebook diary: \(file.path): line 1: text before the first entry (a jrnl entry starts with [YYYY-MM-DD HH:MM])\n"
        )
    }
}
