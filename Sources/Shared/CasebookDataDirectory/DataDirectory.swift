import Foundation

/// Where Casebook keeps its data: `--data`, else `$CASEBOOK_DATA`, else
/// `$XDG_DATA_HOME/casebook` (an absolute one), else `~/.local/share/casebook`, `~` being `$HOME` when it is set
/// (as the XDG directories have it) and the account's home directory otherwise.
public enum DataDirectory {
    /// The environment and the home directory are looked at only when no option is given (a
    /// command's start does not pay for reading them).
    public static func resolve(
        option: String?,
        environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: @autoclosure () -> String = NSHomeDirectory()
    ) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
        let environment = environment()
        if let path = environment["CASEBOOK_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // A relative one is ignored, as the XDG specification says.
        if let path = environment["XDG_DATA_HOME"], path.hasPrefix("/") {
            return URL(fileURLWithPath: path).appendingPathComponent("casebook")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/casebook")
    }
}
