import ArgumentParser
import CasebookWire
import Foundation
import SurveySyncCore

/// `casebook survey sync`: sends new and changed respondents to the backend.
struct SurveySyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send new and changed respondents' YAML files to the backend.",
        discussion: """
            Every *.yaml or *.yml file in the folder is one respondent. What each backend's \
            store has acknowledged is recorded in .casebook-sync-ledger.json beside the files, so \
            a rerun sends only what is new or changed, an interrupted run resumes where it \
            stopped, and a store new to the folder (or one restored from an older copy) gets \
            everything it lacks. --dry-run lists the files a sync would send, and sends and \
            records nothing.
            """
    )

    @OptionGroup var folderOptions: SurveyFolderOptions

    @Option(help: "Respondents per request.")
    var batchSize = SurveySynchronizer.standardBatchSize

    @Flag(help: "Print the report as JSON: the counts, each failure with its file, the notes.")
    var json = false

    @Flag(help: "List the files a sync would send (new or changed), and send nothing.")
    var dryRun = false

    func validate() throws {
        guard (1...10_000).contains(batchSize) else {
            throw ValidationError("--batch-size must be from 1 to 10000, not \(batchSize)")
        }
    }

    func run() async throws {
        try await FailureReport.run("survey sync") {
            let synchronizer = SurveySynchronizer(
                folder: try folderOptions.folder(),
                uploader: folderOptions.uploader,
                retryDelays: folderOptions.retryDelays, batchSize: batchSize)
            if dryRun {
                let report = try await synchronizer.dryRun()
                if !json {
                    for file in report.toSend {
                        try StandardStreams.output("would send " + VisibleText.escaping(file))
                    }
                }
                try show(report)
                if report.failed > 0 { throw ExitCode.failure }
                return
            }
            let showsProgress = StandardStreams.errorIsTerminal
            let report: SyncReport
            do {
                report = try await synchronizer.sync { progress in
                    if showsProgress {
                        StandardStreams.status("synced files: \(progress.sent)/\(progress.total)")
                    }
                }
            } catch let error as SyncError {
                if showsProgress { StandardStreams.status("") }
                switch error {
                case .backendUnavailable(_, _, let partial), .ledgerNotSaved(_, _, let partial):
                    // What was done before it stopped; nothing, when nothing was.
                    if partial.synced + partial.unchanged + partial.failed > 0 {
                        try? show(partial)  // the failure to report is `error`
                    }
                default: break
                }
                throw error
            }
            if showsProgress { StandardStreams.status("") }
            try show(report)
            if report.failed > 0 { throw ExitCode.failure }
        }
    }

    /// Notes and failures on standard error, the summary alone on standard output (or the
    /// whole report as JSON).
    private func show(_ report: SyncReport) throws {
        for note in report.notes { StandardStreams.error("casebook survey sync: \(note)") }
        for failure in report.failures {
            StandardStreams.error("casebook survey sync: \(failure.message)")
        }
        if json {
            try StandardStreams.outputJSON(SyncReportWire(report))
        } else {
            try StandardStreams.output(report.summary)
        }
    }
}
