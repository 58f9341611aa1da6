import CasebookServer
import Foundation
import Testing

@Suite("Where the data lives")
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
