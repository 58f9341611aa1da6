import CasebookTestSupport
import Foundation
import Testing

/// What the `casebook` executable loads before its first instruction: every command pays for
/// each library at every start (`casebook factor 12` is meant to end within 2 ms). libvips,
/// with the hundred libraries it needs, is loaded only when a photo is made.
@Suite("The libraries casebook starts with")
struct ExecutableLibrariesTests {
    @Test func libvipsIsLoadedOnlyWhenAPhotoIsMade() throws {
        #if os(Linux)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
            process.arguments = [CasebookExecutable.url.path]
            let output = Pipe()
            process.standardOutput = output
            let text = try ProcessLaunch.runToExit(process, readingTextFrom: output)
            let libraries = text.split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(libraries.contains { $0.hasPrefix("libc.so") }, "ldd read it: \(text)")
            for unwanted in ["libvips", "libglib", "libgobject", "libcairo", "libpango"] {
                #expect(
                    !libraries.contains { $0.hasPrefix(unwanted) },
                    "casebook links \(unwanted) at its start")
            }
        #endif
    }
}
