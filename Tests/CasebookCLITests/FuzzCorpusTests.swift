import CasebookTestSupport
import Foundation
import Testing

/// Every input in the committed fuzz corpora (the seeds, and any crash a fuzzing run found and
/// that was then fixed) still goes through its parser in an ordinary build: a regression of a
/// fixed crash fails here, without libFuzzer.
@Suite("The fuzz corpora, replayed")
struct FuzzCorpusTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [
        "respondent-yaml", "json-body", "menu-yaml", "factor-tokens", "form-body", "zip-file",
    ])
    func everyCorpusInputIsHandled(target: String) throws {
        let corpus = Self.packageRoot.appendingPathComponent("Fuzz/Corpus/\(target)")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        let replayer = CasebookExecutable.url.deletingLastPathComponent()
            .appendingPathComponent("fuzz-\(target)")
        let process = Process()
        process.executableURL = replayer
        process.arguments = [corpus.path]
        let output = Pipe()
        process.standardOutput = output
        let text = try ProcessLaunch.runToExit(process, readingTextFrom: output)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(text == "ran \(inputs.count) inputs\n")
    }
}
