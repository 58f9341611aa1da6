import Foundation

/// Runs one fuzz target: under libFuzzer when built with `-sanitize=fuzzer -DFUZZING` (see
/// `scripts/fuzz`), otherwise as a replayer that feeds it every file named on the command line
/// (or found in a folder named there), so that the committed corpus is a regression test in
/// every ordinary build.
public enum FuzzDriver {
    /// The target being run; libFuzzer calls `LLVMFuzzerTestOneInput`, which calls it.
    nonisolated(unsafe) static var target: (UnsafeRawBufferPointer) -> Void = { _ in }

    public static func run(_ target: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        Self.target = target
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv, fuzzTestOneInput))
        #else
            var count = 0
            for argument in CommandLine.arguments.dropFirst() {
                for file in files(at: argument) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                        exit(2)
                    }
                    data.withUnsafeBytes { target($0) }
                    count += 1
                }
            }
            print("ran \(count) inputs")
            exit(0)
        #endif
    }

    /// `path` itself, or the files in it when it is a folder, sorted.
    private static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.target(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
