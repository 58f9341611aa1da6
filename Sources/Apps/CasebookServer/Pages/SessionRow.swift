import AccountsCore
import Foundation

/// A signed-in session as the account page lists it: when it began and until when (UTC, to
/// the minute), the browser it began in said plainly ("Firefox on Linux"), and whether it is
/// this one.
enum SessionRow {
    static func row(_ stored: StoredSession, current: Bool) -> [String: Any] {
        [
            "handle": stored.handle, "current": current,
            "began": minute(stored.session.createdAt),
            "until": minute(stored.session.expiresAt),
            "browser": browser(stored.session.userAgent),
            "agent": stored.session.userAgent ?? "",
        ]
    }

    /// A `User-Agent` as a person names their browser: its name and system, when they are
    /// ones it names; else the header itself, or "an unnamed browser".
    static func browser(_ agent: String?) -> String {
        guard let agent, !agent.isEmpty else { return "An unnamed browser" }
        let names: [(mark: String, name: String)] = [
            ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"),
            ("Chromium/", "Chromium"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
            ("curl/", "curl"),
        ]
        let systems: [(mark: String, name: String)] = [
            ("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("CrOS", "ChromeOS"),
            ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Linux", "Linux"),
        ]
        guard let name = names.first(where: { agent.contains($0.mark) })?.name else {
            return agent
        }
        guard let system = systems.first(where: { agent.contains($0.mark) })?.name else {
            return name
        }
        return "\(name) on \(system)"
    }

    static func minute(_ date: Date) -> String {
        var style = Date.ISO8601FormatStyle(dateSeparator: .dash, dateTimeSeparator: .space)
        style = style.year().month().day().time(includingFractionalSeconds: false)
        return String(style.format(date).prefix(16)) + " UTC"
    }
}
