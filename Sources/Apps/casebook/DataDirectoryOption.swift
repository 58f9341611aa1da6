import ArgumentParser
import CasebookDataDirectory
import CasebookFileSystem
import Foundation

/// `--data DIR`: where Casebook keeps its data, shared by `serve` and the commands that use it.
struct DataDirectoryOption: ParsableArguments {
    @Option(
        name: .customLong("data"),
        help:
            "The data directory (default: $CASEBOOK_DATA, else $XDG_DATA_HOME/casebook when that is an absolute path, else ~/.local/share/casebook)."
    )
    var path: String?

    var url: URL { DataDirectory.resolve(option: path) }

    func validate() throws { try Self.refuseEmpty(path) }

    /// `--data ""` (a script's unset variable, say) is an error, not the default directory.
    static func refuseEmpty(_ path: String?) throws {
        if path?.isEmpty == true {
            throw ValidationError("--data is empty: give the data directory")
        }
    }

    /// The data directory, created if it is missing, and readable by its owner only.
    func createdURL() throws -> URL {
        try PrivateDirectory.prepare(url)
        return url
    }

    /// What the commands work with, in the data directory (created if it is missing).
    func services() throws -> CommandServices {
        CommandServices(layout: DataDirectoryLayout(root: try createdURL()))
    }

    /// The same for a command that only reads or changes what is there: a data directory that
    /// does not exist is an error, not made empty. `mustExist` false (the data is elsewhere, in
    /// a database) makes it as `services()` does.
    func existingServices(mustExist: Bool = true) throws -> CommandServices {
        var isFolder: ObjCBool = false
        guard !mustExist || FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        else {
            throw FailureReport.Message(
                "there is no data directory at \(url.path) (a command that adds something makes it)"
            )
        }
        return try services()
    }
}

extension DataDirectoryOption {
    /// The option as if `--data path` had been parsed (nil: not given), for a command run
    /// without the parser.
    init(path: String?) {
        self.init()
        self.path = path
    }
}
