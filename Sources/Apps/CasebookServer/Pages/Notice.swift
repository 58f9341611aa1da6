import CasebookWire
import Diary
import Foundation
import Hummingbird

/// What the page after a change says happened ("Entry saved."), carried across the redirect in
/// a short-lived cookie and shown once. After a delete it carries the entry itself (when it is
/// small enough for a cookie), so that the next page can offer Undo without the server keeping
/// anything: the Undo form posts the entry back, and restoring it is adding that entry again,
/// in the user's own diary, under rules no weaker than adding one.
struct Notice: Codable, Equatable {
    enum Kind: String, Codable {
        case added, saved, deleted, restored, choiceSaved
        /// Respondents marked from the survey's table: `message` says which and how.
        case reviewed
    }

    /// A deleted entry as the Undo form carries it: its id, its date as seconds since 1970
    /// (written so that it reads back to the same instant), its text.
    struct Removed: Codable, Equatable {
        let id: String
        let date: String
        let text: String
    }

    let kind: Kind
    var removed: Removed?
    /// The words of a notice that has its own (`reviewed`).
    var message: String?
    /// The list a deleted entry was deleted from (`/diary?q=…`), for its Undo to go back to.
    var back: String?
    /// Whose notice it is: only they are shown it (a browser shared after a sign-out never
    /// shows the next user the last one's deleted entry).
    var user: String?

    static let cookieName = "casebook_notice"
    /// A cookie's value is at most this long; a deleted entry that would not fit is not offered
    /// for Undo.
    static let maximumCookieBytes = 3_800

    init(
        _ kind: Kind, removed: Entry? = nil, message: String? = nil,
        user: String? = SignedInUser.current
    ) {
        self.kind = kind
        self.user = user
        self.message = message
        self.removed = removed.map {
            Removed(
                id: EntryIDText.text(of: $0.id), date: String($0.date.timeIntervalSince1970),
                text: $0.text)
        }
    }

    var text: String {
        switch kind {
        case .added: "Entry added."
        case .saved: "Entry saved."
        case .deleted: "Entry deleted."
        case .restored: "Entry restored."
        case .choiceSaved: "Your choice is saved."
        case .reviewed: message ?? "Marked."
        }
    }

    /// The cookie carrying the notice to the next page (Secure when cookies are).
    func cookie(secure: Bool) -> Cookie {
        var notice = self
        var value = Self.encode(notice)
        if value.utf8.count > Self.maximumCookieBytes {
            notice.removed = nil
            value = Self.encode(notice)
        }
        return Cookie(
            name: Self.cookieName, value: value, maxAge: 60, path: "/", secure: secure,
            httpOnly: true, sameSite: .strict)
    }

    /// The cookie that ends a notice once shown (Secure when cookies are).
    static func shown(secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true,
            sameSite: .strict)
    }

    /// The notice `request` carries for whoever is signed in; nil for none, for another
    /// user's, or for anything that is not one.
    static func pending(in request: Request) -> Notice? {
        guard let value = CookieValue.named(cookieName, in: request), !value.isEmpty,
            value.utf8.count <= maximumCookieBytes + 200,
            let data = Base64URL.decode(value)
        else { return nil }
        guard let notice = try? WireJSON.decode(Notice.self, from: data, shape: "a notice"),
            notice.user == SignedInUser.current
        else { return nil }
        return notice
    }

    /// What a template shows: the text, and Undo's fields after a delete.
    var context: [String: Any] {
        var context: [String: Any] = ["text": text, "undo": false]
        if let removed {
            context["undo"] = [
                "id": removed.id, "date": removed.date, "text": removed.text,
                "back": back ?? "/diary",
            ]
        }
        return context
    }

    private static func encode(_ notice: Notice) -> String {
        Base64URL.encode(WireJSON.encode(notice))
    }
}
