import CasebookTestSupport
import Documents
import Foundation
import Testing

@Suite("Opening attachments through the URLOpener seam")
struct AttachmentOpenerTests {
    let file = URL(fileURLWithPath: "/tmp/report.pdf")

    @Test func asksTheServiceToOpenTheFile() throws {
        let service = URLOpenerSpy(answer: true)
        try AttachmentOpener().openAttachment(file: file, with: service)
        #expect(service.opened == [file])
    }

    @Test func throwsWhenTheServiceCannotOpenIt() {
        #expect(throws: AttachmentOpeningError.unableToOpenAttachment) {
            try AttachmentOpener().openAttachment(file: file, with: URLOpenerSpy(answer: false))
        }
    }

    @Test func theSystemOpenerRunsTheOpenCommandWithTheFile() throws {
        let directory = try TemporaryDirectory()
        let log = directory.url.appendingPathComponent("opened.txt")
        let command = try directory.script(
            named: "fake-open", body: "echo \"$1\" > '\(log.path)'\nexit 0")
        let opener = SystemURLOpener(command: command.path)
        #expect(opener.open(file))
        #expect(try String(contentsOf: log, encoding: .utf8) == file.path + "\n")
    }

    @Test func theSystemOpenerSaysNoWhenTheCommandFails() throws {
        let directory = try TemporaryDirectory()
        let command = try directory.script(named: "failing-open", body: "exit 3")
        #expect(SystemURLOpener(command: command.path).open(file) == false)
    }

    @Test func theSystemOpenerSaysNoWhenTheCommandIsMissing() {
        #expect(SystemURLOpener(command: "/nonexistent/xdg-open").open(file) == false)
    }
}

/// Records what it was asked to open and answers as told.
final class URLOpenerSpy: URLOpener {
    private(set) var opened: [URL] = []
    let answer: Bool

    init(answer: Bool) { self.answer = answer }

    func open(_ file: URL) -> Bool {
        opened.append(file)
        return answer
    }
}
