import CasebookTestSupport
import Foundation
import Testing

/// Standard output that cannot be written (a full disk, here `/dev/full`) is a failure the
/// command reports and exits 1 on, as `diary list` always did: never a crash, and never a
/// silent success with the output lost.
@Suite("casebook with output that cannot be written")
struct UnwritableOutputTests {
    let directory: TemporaryDirectory
    let data: String

    init() throws {
        directory = try TemporaryDirectory()
        data = directory.appending("data").path
    }

    @Test(arguments: [
        (["diary", "add", "soup"], "diary"), (["diary", "list", "--json"], "diary"),
        (["menu"], "menu"), (["menu", "--json"], "menu"), (["menu", "--template"], "menu"),
    ])
    func aFullDiskIsReportedNotACrash(arguments: [String], system: String) throws {
        let dataOption = system == "diary" ? ["--data", data] : []
        let result = try CasebookExecutable.run(arguments + dataOption, outputTo: "/dev/full")
        #expect(result.status == 1, "\(arguments)")
        #expect(
            result.standardError == "casebook \(system): write failed: No space left on device\n")
    }
}
