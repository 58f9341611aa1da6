#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `casebook` starts: `casebook factor` with plain numbers goes straight to factoring (a tool
/// in a shell loop must start as fast as GNU `factor`), and `casebook diary add` and `diary list`
/// with plain arguments straight to adding and listing; everything else goes through the
/// command-line parser (`Casebook`).
@main
enum CasebookMain {
    static func main() async {
        StandardOutputCheck.installAtExit()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = FactorCommand.runDirectly(arguments) { exit(status) }
        // `factor` takes any bytes, as GNU's does, and shows a token that is not a number as it
        // was given; every other command takes text (arguments and the environment variables
        // it reads), which is UTF-8 or refused.
        if arguments.first != "factor",
            let refusal = RawArguments.refusal() ?? RawEnvironment.refusal()
        {
            StandardStreams.error("casebook: " + refusal)
            exit(64)
        }
        if case .failure(let refusal) = PasswordCost.fromEnvironment() {
            StandardStreams.error("casebook: " + refusal.message)
            exit(64)
        }
        if let status = DiaryAddCommand.runDirectly(arguments) { exit(status) }
        if let status = DiaryListCommand.runDirectly(arguments) { exit(status) }
        if let refusal = CommandSuggestion.refusal(arguments) {
            refusal.forEach(StandardStreams.error)
            exit(64)
        }
        await Casebook.main()
    }
}
