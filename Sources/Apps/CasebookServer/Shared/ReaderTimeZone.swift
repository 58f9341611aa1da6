import CasebookForms
import Foundation
import Hummingbird

/// The time zone the reader's browser says it is in: the `casebook_tz` cookie the pages' script
/// sets from `Intl.DateTimeFormat().resolvedOptions().timeZone`, kept for a year: any name
/// of a zone, `UTC` and the tz database's current names (`Asia/Kolkata`) included. Anything
/// that is not a zone's name (an offset such as `GMT+0130` included) is ignored, and the
/// server's zone is used.
enum ReaderTimeZone {
    static let cookieName = "casebook_tz"

    static func of(_ request: Request) -> TimeZone? {
        guard let raw = CookieValue.named(cookieName, in: request), raw.utf8.count <= 96,
            let name = try? PercentDecoding.text(raw.utf8, plusIsSpace: false)
        else { return nil }
        return named(name)
    }

    /// The zone `name` names (`Europe/Rome`), or nil when it is not one of the zones' names.
    static func named(_ name: String) -> TimeZone? {
        guard (1...64).contains(name.utf8.count),
            name.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2F || byte == 0x5F
                    || byte == 0x2B || byte == 0x2D
            })
        else { return nil }
        if known.contains(name) || isWholeHoursFromGreenwich(name) {
            return TimeZone(identifier: name)
        }
        // Another name of a zone (`UTC`, `Asia/Kolkata` for ICU's `Asia/Calcutta`): words
        // alone, so that no offset of the cookie's own making (`GMT+0130`) is taken.
        guard name.utf8.allSatisfy({ $0 != 0x2B && !(0x30...0x39).contains($0) }) else {
            return nil
        }
        return TimeZone(identifier: name)
    }

    /// Whether `name` is one of the tz database's zones of whole hours, `Etc/GMT+1` to
    /// `Etc/GMT+12` and `Etc/GMT-1` to `Etc/GMT-14` (their signs the POSIX way round).
    private static func isWholeHoursFromGreenwich(_ name: String) -> Bool {
        guard name.hasPrefix("Etc/GMT") else { return false }
        let rest = name.utf8.dropFirst(7)
        guard let sign = rest.first, sign == 0x2B || sign == 0x2D,
            rest.dropFirst().allSatisfy({ (0x30...0x39).contains($0) }),
            let hours = Int(String(decoding: rest.dropFirst(), as: UTF8.self)),
            rest.dropFirst().first != 0x30
        else { return false }
        return (1...(sign == 0x2B ? 12 : 14)).contains(hours)
    }

    /// The names in ICU's list of zones (some 450). Other names taken are the tz database's
    /// that Foundation knows, words alone (some 600 in all): so few, whatever a cookie says,
    /// that the pages kept per zone stay few.
    private static let known = Set(TimeZone.knownTimeZoneIdentifiers)
}
