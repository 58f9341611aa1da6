import AccountsCore
import Hummingbird

/// Who may call what, once the server has users. Respondents are team data: surveyors send
/// them (and ask the store what it holds, as a sync does), admins read them. The diary is for
/// diarists. A preference belongs to its user. The menu is for every user; only the API's
/// description is public.
enum APIPermissions {
    enum Rule: Equatable {
        case open
        case roles(Set<UserRole>)
        /// Any user, for their own resource (the path's last segment); admins for anyone's.
        case owner
    }

    static func rule(method: HTTPRequest.Method, path: String) -> Rule {
        if path == "/openapi.json" { return .open }
        if path == "/api/menu" { return .roles(Set(UserRole.allCases)) }
        if path.hasPrefix("/api/respondent-store") { return .roles([.surveyor, .admin]) }
        if path == "/api/respondents" || path.hasPrefix("/api/respondents/") {
            return method == .post ? .roles([.surveyor, .admin]) : .roles([.admin])
        }
        if path == "/api/diary" || path.hasPrefix("/api/diary/") {
            return .roles([.diarist, .admin])
        }
        if path.hasPrefix("/api/preferences/") { return .owner }
        if path == "/metrics" { return .roles([.admin]) }
        return .roles([.admin])
    }

    static func allows(_ user: User, _ rule: Rule, path: String) -> Bool {
        switch rule {
        case .open: true
        case .roles(let roles): roles.contains(user.role)
        case .owner:
            user.role == .admin
                || path.split(separator: "/").last.map { $0.removingPercentEncoding == user.name }
                    == true
        }
    }

    /// Whether a signed-in user may open a page: the diary's for diarists, the survey's for
    /// surveyors, the documents for admins (admins everywhere), the others for every user.
    static func allowsPage(_ user: User, path: String) -> Bool {
        if user.role == .admin { return true }
        if path.hasPrefix("/diary") { return user.role == .diarist }
        if path.hasPrefix("/survey") { return user.role == .surveyor }
        if path.hasPrefix("/documents") { return false }
        return true
    }
}
