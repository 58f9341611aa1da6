import Foundation

/// Where Casebook keeps its data: `--data`, else `$CASEBOOK_DATA`, else
/// `$XDG_DATA_HOME/casebook`, else `~/.local/share/casebook`.
public enum DataDirectory {
    public static func resolve(
        option: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String = NSHomeDirectory()
    ) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
        if let path = environment["CASEBOOK_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        if let path = environment["XDG_DATA_HOME"], !path.isEmpty {
            return URL(fileURLWithPath: path).appendingPathComponent("casebook")
        }
        return URL(fileURLWithPath: homeDirectory)
            .appendingPathComponent(".local/share/casebook")
    }
}
