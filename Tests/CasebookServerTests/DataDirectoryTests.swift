import Accounts
import CasebookServer
import CasebookTestSupport
import Diary
import Foundation
import SurveySync
import Testing

@Suite("Where the data lives", .serialized)
struct DataDirectoryTests {
    let environment = ["CASEBOOK_DATA": "/env/casebook", "XDG_DATA_HOME": "/xdg"]

    @Test func theOptionWinsOverEverything() {
        #expect(
            DataDirectory.resolve(
                option: "/opt/data", environment: environment, homeDirectory: "/home/u"
            ).path
                == "/opt/data")
    }

    @Test func thenCASEBOOK_DATA() {
        #expect(
            DataDirectory.resolve(option: nil, environment: environment, homeDirectory: "/home/u")
                .path
                == "/env/casebook")
    }

    @Test func thenXDG_DATA_HOME() {
        #expect(
            DataDirectory.resolve(
                option: nil, environment: ["XDG_DATA_HOME": "/xdg"], homeDirectory: "/home/u"
            ).path
                == "/xdg/casebook")
    }

    @Test func elseTheHomeDirectorysShareFolder() {
        #expect(
            DataDirectory.resolve(
                option: "", environment: ["XDG_DATA_HOME": ""], homeDirectory: "/home/u"
            ).path
                == "/home/u/.local/share/casebook")
    }
}

/// Nobody but the data's owner can read the diary, the respondents or the preferences: the data
/// directory is 0700 and every database file (with its WAL) 0600, whatever the umask.
@Suite("The data directory's permissions")
struct DataDirectoryPermissionTests {
    @Test func storesAreReadableByTheirOwnerOnly() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.appending("data")
        let stores = try CasebookServer.Stores.open(in: data)
        try stores.diary.save(Entry(date: Date(), text: "private"))
        _ = try await stores.respondents.upsert([Respondent(id: "r", fields: ["id": "r"])])
        try await stores.preferences.save(
            PreferenceChoice(choice: .never, username: nil), forUser: "u")
        let mode = { (path: String) in
            (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
        }
        #expect(mode(data.path) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
        #expect(files.contains("diary.sqlite-wal"))
        for file in files where file.contains(".sqlite") {
            #expect(mode(data.appendingPathComponent(file).path) == 0o600, "\(file)")
        }
    }
}
