import Foundation

/// What `casebook --version` says, for a bug report: the version, the commit of the checkout
/// the executable was built in (found beside it: `.build/…/casebook` in a checkout), the Swift
/// compiler, the build mode and the platform.
enum BuildDescription {
    static func text(version: String) -> String {
        [
            "casebook \(version)", "commit \(commit() ?? "unknown (not run from a git checkout)")",
            "Swift \(swiftVersion)", isDebug ? "debug build" : "release build", platform,
        ].joined(separator: "\n")
    }

    static var swiftVersion: String {
        #if compiler(>=6.4)
            "6.4 or later"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    static var isDebug: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    static var platform: String {
        #if os(Linux)
            let system = "Linux"
        #elseif os(macOS)
            let system = "macOS"
        #else
            let system = "another system"
        #endif
        #if arch(x86_64)
            return system + " x86_64"
        #elseif arch(arm64)
            return system + " arm64"
        #else
            return system
        #endif
    }

    /// The commit checked out in the repository whose `.build` folder holds the executable.
    static func commit() -> String? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else {
            return nil
        }
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/", folder.lastPathComponent != ".build" {
            folder = folder.deletingLastPathComponent()
        }
        guard folder.lastPathComponent == ".build" else { return nil }
        let git = folder.deletingLastPathComponent().appendingPathComponent(".git")
        guard let head = read(git.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return short(head) }
        let reference = String(head.dropFirst(5))
        if let hash = read(git.appendingPathComponent(reference)) { return short(hash) }
        // A reference packed by `git gc`: "<hash> <reference>" lines.
        let packed = read(git.appendingPathComponent("packed-refs")) ?? ""
        let line = packed.split(separator: "\n").first { $0.hasSuffix(" " + reference) }
        return line.map { short(String($0.prefix(40))) }
    }

    private static func read(_ url: URL) -> String? {
        guard let data = try? Data(contentsOf: url), data.count < 1 << 20 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    private static func short(_ hash: String) -> String {
        guard hash.count >= 12, hash.allSatisfy(\.isHexDigit) else { return "unknown" }
        return String(hash.prefix(12))
    }
}
