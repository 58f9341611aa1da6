import AccountsCore
import AccountsHTTPClient
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `casebook preference`: the answer to "Save password?", kept sealed in the data directory.
struct PreferenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preference",
        abstract: "Set, show and push the \"save password?\" preference.",
        discussion: """
            Kept encrypted (AES-GCM) in <data directory>/preferences.plist with its key in \
            preference.key, both readable by their owner only. The password is never printed and \
            never sent.
            """,
        subcommands: [
            PreferenceSetCommand.self, PreferenceShowCommand.self, PreferencePushCommand.self,
        ]
    )

    static func controller(_ data: DataDirectoryOption) throws -> StorageController {
        try data.services().preferences()
    }

    static func describe(_ preference: Preference) -> String {
        switch preference {
        case .notNow: "not-now"
        case .never: "never"
        // A username is the user's text: its control characters are shown, never sent to the
        // terminal.
        case .save(let credential): "save (username: \(VisibleText.escaping(credential.username)))"
        }
    }
}

struct PreferenceSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract:
            "Save the answer: not-now, never, or save --username U (password on standard input).")

    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case notNow = "not-now"
        case never
        case save
    }

    @Argument(help: "not-now, never or save.")
    var choice: Choice

    @Option(help: "The username to save (with save).")
    var username: String?

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        if choice == .save, username?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            throw ValidationError("save needs --username")
        }
        if choice != .save, username != nil {
            throw ValidationError("only save takes --username")
        }
    }

    func run() throws {
        try FailureReport.run("preference") {
            let preference: Preference
            switch choice {
            case .notNow: preference = .notNow
            case .never: preference = .never
            case .save:
                let password = try PasswordInput.read()
                guard !password.isEmpty else {
                    throw FailureReport.Message("the password (read from standard input) is empty")
                }
                preference = .save(Credential(username: username ?? "", password: password))
            }
            try PreferenceCommand.controller(data).save(preference: preference)
            try StandardStreams.output("saved: \(PreferenceCommand.describe(preference))")
        }
    }

}

struct PreferenceShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print the saved answer (never the password).")

    @OptionGroup var data: DataDirectoryOption

    func run() throws {
        try FailureReport.run("preference") {
            guard let preference = try PreferenceCommand.controller(data).loadPreference() else {
                try StandardStreams.output("no preference saved")
                return
            }
            try StandardStreams.output(PreferenceCommand.describe(preference))
        }
    }
}

struct PreferencePushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send the saved choice and username (never the password) to the backend.")

    @Option(help: "The user's id on the backend.")
    var user: String

    @OptionGroup var backend: BackendOption

    @OptionGroup var token: TokenOption

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        try token.check(sendingTo: backend.to, doing: "push")
    }

    func run() async throws {
        try await FailureReport.run("preference") {
            guard let preference = try PreferenceCommand.controller(data).loadPreference() else {
                throw FailureReport.Message(
                    "no preference is saved yet (use casebook preference set)")
            }
            try await PreferencePublisher(
                api: HTTPClientPUTAPI(token: token.apiToken), baseURL: backend.url
            )
            .push(preference, forUser: user)
            try StandardStreams.output(
                "pushed \(PreferenceChoice(preference).choice.rawValue) for user \(user)")
        }
    }
}
