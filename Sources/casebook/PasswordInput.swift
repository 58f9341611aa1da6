import Foundation

/// A password typed at the terminal without echo, or the first line of standard input (for
/// scripts); never a command-line argument, which other users can read in the process list.
enum PasswordInput {
    static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    static func read(prompt: String = "Password: ") -> String {
        if isTerminal, let typed = getpass(prompt) {
            return String(cString: typed)
        }
        return readLine(strippingNewline: true) ?? ""
    }
}
