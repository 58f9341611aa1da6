import ArgumentParser
import CasebookWire
import Foundation
import SurveySyncCore

/// `casebook survey verify`: compares the folder with what the backend's store holds.
struct SurveyVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare the respondents folder with the backend, by content.",
        discussion: """
            Reads every file (the ledger is not trusted) and asks the backend for digests of \
            what its store holds: prints one line per respondent that is missing from the store, \
            different there, or only on the backend (the first 20 of each kind, unless --all), \
            then a summary that counts each kind (identical N when all are). Exits 1 when \
            anything differs. --repair sends what is missing or different.
            """
    )

    @OptionGroup var folderOptions: SurveyFolderOptions

    @Flag(help: "Send every respondent that is missing or different.")
    var repair = false

    @Flag(help: "Respondents only on the backend (from other folders) do not count as differences.")
    var ignoreExtra = false

    @Flag(help: "Print the report as JSON: the store, the counts, each difference and failure.")
    var json = false

    @Flag(help: "List every difference, not only the first 20 of each kind.")
    var all = false

    /// The most differences of each kind listed without --all.
    static let listedPerKind = 20

    func run() async throws {
        try await FailureReport.run("survey verify") {
            let verifier = SurveyVerifier(
                folder: try folderOptions.folder(),
                backend: folderOptions.uploader,
                retryDelays: folderOptions.retryDelays)
            let report = repair ? try await verifier.repair() : try await verifier.verify()
            for failure in report.failures {
                StandardStreams.error("casebook survey verify: \(failure.message)")
            }
            if json {
                try StandardStreams.outputJSON(VerifyReportWire(report))
            } else {
                for line in report.lines(atMostPerKind: all ? nil : Self.listedPerKind) {
                    try StandardStreams.output(VisibleText.escaping(line))
                }
                try StandardStreams.output(report.summary)
            }
            let unrepaired = report.differences.filter {
                !(repair && $0.kind != .onlyOnBackend)
                    && !(ignoreExtra && $0.kind == .onlyOnBackend)
            }
            if !unrepaired.isEmpty || !report.failures.isEmpty { throw ExitCode.failure }
        }
    }
}
