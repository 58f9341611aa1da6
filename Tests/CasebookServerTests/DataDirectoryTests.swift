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

    /// A command given `--data` starts without reading the environment or asking the user
    /// database for a home directory (getpwuid reads /etc/nsswitch.conf and /etc/passwd).
    @Test func theOptionIsTakenWithoutLookingAnywhereElse() {
        final class Looks: @unchecked Sendable { var count = 0 }
        let looks = Looks()
        func lookedAt<T>(_ value: T) -> T {
            looks.count += 1
            return value
        }
        let url = DataDirectory.resolve(
            option: "/opt/data", environment: lookedAt(environment),
            homeDirectory: lookedAt("/home/u"))
        #expect(url.path == "/opt/data")
        #expect(looks.count == 0)
        _ = DataDirectory.resolve(
            option: nil, environment: lookedAt([:]), homeDirectory: lookedAt("/home/u"))
        #expect(looks.count == 2)
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

    /// A relative `$XDG_DATA_HOME` is ignored, as the XDG specification says: it would be a
    /// different folder from each working directory.
    @Test func aRelativeXDG_DATA_HOMEIsIgnored() {
        #expect(
            DataDirectory.resolve(
                option: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"],
                homeDirectory: "/home/u"
            ).path
                == "/home/u/.local/share/casebook")
    }

    /// `~` is `$HOME` when it is set, as the XDG directories are: in a container, under
    /// `sudo -E` or in CI it may not be the account's home.
    @Test func thenTheShareFolderOfHOME() {
        #expect(
            DataDirectory.resolve(
                option: nil, environment: ["HOME": "/from/env", "XDG_DATA_HOME": ""],
                homeDirectory: "/home/u"
            ).path
                == "/from/env/.local/share/casebook")
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
