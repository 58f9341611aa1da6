#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `casebook` starts: `casebook factor` with plain numbers goes straight to factoring
/// (a tool in a shell loop must start as fast as GNU `factor`), everything else through the
/// command-line parser (`Casebook`).
@main
enum CasebookMain {
    static func main() async {
        if let status = FactorCommand.runDirectly(Array(CommandLine.arguments.dropFirst())) {
            exit(status)
        }
        await Casebook.main()
    }
}
