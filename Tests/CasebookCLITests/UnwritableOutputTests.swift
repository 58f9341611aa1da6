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
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
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

    /// Help and the version are printed by the argument parser through C's `stdout`: its
    /// buffer is flushed and checked at exit, as GNU tools do, so a lost write fails there too.
    @Test(arguments: [["--help"], ["--version"], ["menu", "--help"], ["diary", "add", "--help"]])
    func helpThatCannotBeWrittenIsAFailureToo(arguments: [String]) throws {
        let result = try CasebookExecutable.run(arguments, outputTo: "/dev/full")
        #expect(result.status == 1, "\(arguments)")
        #expect(result.standardError == "casebook: write error: No space left on device\n")
        #expect(try CasebookExecutable.run(arguments).status == 0)
    }

    /// `casebook factor` says it as GNU `factor` does (`factor: write error: …`), whether it
    /// ran straight away (plain numbers) or through the parser (`--`).
    @Test(arguments: [["factor", "12"], ["factor", "--", "12"]])
    func factorThatCannotWriteSaysSoAsGNUDoes(arguments: [String]) throws {
        let result = try CasebookExecutable.run(arguments, outputTo: "/dev/full")
        #expect(result.status == 1, "\(arguments)")
        #expect(result.standardError == "casebook factor: write error: No space left on device\n")
    }
}
