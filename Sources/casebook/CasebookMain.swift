#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `casebook` starts: `casebook factor` with plain numbers goes straight to factoring
/// (a tool in a shell loop must start as fast as GNU `factor`), and `casebook diary add` with
/// plain arguments straight to adding; everything else goes through the command-line parser
/// (`Casebook`).
@main
enum CasebookMain {
    static func main() async {
        StandardOutputCheck.installAtExit()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = FactorCommand.runDirectly(arguments)
            ?? DiaryAddCommand.runDirectly(arguments)
        {
            exit(status)
        }
        await Casebook.main()
    }
}
