import ArgumentParser
import Foundation
import SurveySync

/// `casebook survey sync`: sends new and changed respondents to the backend.
struct SurveySyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send new and changed respondents' YAML files to the backend.",
        discussion: """
            Every *.yaml or *.yml file in the folder is one respondent. What the backend has \
            acknowledged is recorded in .casebook-sync-ledger.json beside the files, so a rerun \
            sends only what is new or changed, and an interrupted run resumes where it stopped.
            """
    )

    @Option(help: "The respondents folder (default: <documents>/Respondents).")
    var from: String?

    @Option(help: "The backend's base URL.")
    var to = "http://127.0.0.1:8080"

    @Option(
        help: "How often to retry an unreachable or failing backend (waits 0.25 s, 1 s, 4 s, …).")
    var retries = 3

    @Option(help: "Respondents per request.")
    var batchSize = 500

    func validate() throws {
        guard (0...10).contains(retries) else {
            throw ValidationError("--retries must be from 0 to 10, not \(retries)")
        }
        guard (1...10_000).contains(batchSize) else {
            throw ValidationError("--batch-size must be from 1 to 10000, not \(batchSize)")
        }
    }

    func run() async throws {
        guard let backend = URL(string: to), ["http", "https"].contains(backend.scheme ?? ""),
            backend.host != nil
        else {
            throw ValidationError("--to must be an http or https URL, not '\(to)'")
        }
        let folderURL = try respondentsFolder()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folderURL.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            StandardStreams.error(
                "casebook survey sync: no respondents folder at \(folderURL.path)")
            throw ExitCode.failure
        }
        let synchronizer = SurveySynchronizer(
            folder: LocalRespondentFolder(url: folderURL),
            uploader: URLSessionRespondentUploader(baseURL: backend),
            retryDelays: (0..<retries).map { .milliseconds(250 << (2 * $0)) },
            batchSize: batchSize)
        let showsProgress = StandardStreams.errorIsTerminal
        let report: SyncReport
        do {
            report = try await synchronizer.sync { progress in
                if showsProgress {
                    StandardStreams.status("synced files: \(progress.sent)/\(progress.total)")
                }
            }
        } catch {
            if showsProgress { StandardStreams.status("") }
            switch error {
            case .backendUnavailable(_, _, let partial), .ledgerNotSaved(_, _, let partial):
                show(partial)
            default: break
            }
            StandardStreams.error("casebook survey sync: \(error)")
            throw ExitCode.failure
        }
        if showsProgress { StandardStreams.status("") }
        show(report)
        if report.failed > 0 { throw ExitCode.failure }
    }

    private func show(_ report: SyncReport) {
        for failure in report.failures {
            StandardStreams.error("casebook survey sync: \(failure.message)")
        }
        StandardStreams.output(report.summary)
    }

    private func respondentsFolder() throws -> URL {
        if let from { return URL(fileURLWithPath: from) }
        guard let documents = FileManager.default.documentsURL else {
            throw ValidationError("there is no documents directory: name the folder with --from")
        }
        return documents.appendingPathComponent("Respondents")
    }
}
