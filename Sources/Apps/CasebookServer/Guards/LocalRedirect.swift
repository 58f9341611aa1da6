import CasebookFileSystem

/// Whether a redirect's target stays on this server: a path of at most 512 bytes of printable
/// ASCII, without spaces, `\` or `//`. Browsers drop tabs and line breaks from a URL and read
/// `\` as `/`, so `/\t/evil.example` or `/\evil.example` would lead to another site.
enum LocalRedirect {
    static func isSafe(_ target: String) -> Bool {
        target.hasPrefix("/") && target.utf8.count <= 512 && TextBytes.isVisibleASCII(target)
            && !target.contains("\\") && !target.contains("//")
    }
}
