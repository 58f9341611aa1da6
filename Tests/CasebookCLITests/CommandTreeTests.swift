import CasebookTestSupport
import Foundation
import Testing

/// The command tree tells what it is: its version, and completion scripts for every shell that
/// know every subcommand.
@Suite("casebook's command tree")
struct CommandTreeTests {
    @Test func printsItsVersion() throws {
        let result = try CasebookExecutable.run(["--version"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.range(
                of: #"^casebook \d+\.\d+\.\d+\n"#, options: .regularExpression) != nil)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completesEverySubcommand(shell: String) throws {
        let result = try CasebookExecutable.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        for word in ["factor", "menu", "diary", "survey", "verify", "serve", "allowed-host"] {
            #expect(result.standardOutput.contains(word), "\(shell) completion lacks \(word)")
        }
    }

    /// Every failure is one line, `casebook <command>: <what>`, and status 1: a menu file that
    /// is missing, a server that cannot start, alike.
    @Test func failuresAreOneLineWhateverTheCommand() throws {
        let menu = try CasebookExecutable.run(["menu", "--file", "/nonexistent/menu.yaml"])
        #expect(menu.status == 1)
        #expect(
            menu.standardError
                == "casebook menu: /nonexistent/menu.yaml: cannot read the file: there is no such file\n"
        )
        let serve = try CasebookExecutable.run([
            "serve", "--menu", "/nonexistent/menu.yaml", "--port", "0",
        ])
        #expect(serve.status == 1)
        #expect(
            serve.standardError
                == "casebook serve: /nonexistent/menu.yaml: cannot read the file: there is no such file\n"
        )
    }
}
