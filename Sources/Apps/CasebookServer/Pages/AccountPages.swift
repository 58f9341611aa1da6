import AccountsCore
import AccountsFiles
import Foundation
import Hummingbird

/// `/account`: age from a date of birth, and the "Save password?" prompt stored through
/// `StorageController` in the sealed preference vault — each signed-in user's own, once the
/// server has users; right after a sign-in, the page asks (`?prompt`), as the case study's app
/// does after a login. The password is never shown.
struct AccountPages: Sendable {
    let renderer: PageRenderer
    let vault: PreferenceVaultAccess

    /// The vault of whoever asks: a signed-in user's own, else the server's one.
    private func vault(for request: Request) -> PreferenceVaultAccess {
        SignedInUser.name(of: request).map { vault.forUser($0) } ?? vault
    }

    /// Whether `user` should be asked right after signing in: they have not answered Never or
    /// Save (a vault that cannot be read asks again).
    func shouldAsk(user: String) -> Bool {
        switch try? vault.forUser(user).controller().loadPreference() {
        case .never, .save: false
        default: true
        }
    }

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/account", use: show)
        router.post("/account/preference", use: savePreference)
    }

    /// `GET /account`: the account page: an age from a date of birth, the "Save password?" choice.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        var context: [String: Any] = [:]
        let query = try FormFields(query: request)
        if query["prompt"] != nil, let user = SignedInUser.name(of: request) {
            context["prompt"] = ["user": user]
            context["next"] = SignInPages.safeNext(query["next"])
        }
        if let born = query["born"], !born.isEmpty {
            context["born"] = born
            if let date = Account.dateOfBirth(from: born),
                let age = try? Account(name: "", email: "", userId: "", dateOfBirth: date).age()
            {
                context["age"] = EnglishCount.phrase(age, "year") + " old"
            } else {
                context["ageError"] =
                    "Enter a date of birth such as 1990-05-10, not in the future."
            }
        }
        return render(
            request, context: context, status: context["ageError"] == nil ? .ok : .badRequest)
    }

    /// `POST /account/preference`: saves the "Save password?" choice.
    @Sendable func savePreference(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let preference: Preference
        switch form["choice"] {
        case "not-now": preference = .notNow
        case "never": preference = .never
        case "save":
            let username = (form["username"] ?? "").trimmingCharacters(in: .whitespaces)
            let password = form["password"] ?? ""
            guard !username.isEmpty, !password.isEmpty else {
                return render(
                    request,
                    context: [
                        "preferenceError":
                            "To save the password, enter a username and a password."
                    ],
                    status: .badRequest)
            }
            preference = .save(Credential(username: username, password: password))
        default:
            throw RequestError(.badRequest, "Choose Not now, Never or Save.")
        }
        try vault(for: request).controller().save(preference: preference)
        var response = PageRenderer.redirect(
            to: form["next"].map { SignInPages.safeNext($0) } ?? "/account")
        // "Not now" from the prompt after sign-in goes on to the user's page with nothing to
        // say: a "saved" there would be about something else.
        if !(preference == .notNow && form["next"] != nil) {
            response.setCookie(Notice(.choiceSaved).cookie(secure: renderer.secureCookies))
        }
        return response
    }

    private func render(_ request: Request, context: [String: Any], status: HTTPResponse.Status)
        -> Response
    {
        var values = context
        values["current"] = currentChoice(vault(for: request))
        if values["born"] == nil { values["born"] = "" }
        if values["prompt"] == nil { values["prompt"] = false }
        if values["next"] == nil { values["next"] = false }
        values["signedInUser"] = SignedInUser.name(of: request) ?? ""
        values["hasAccount"] = SignedInUser.name(of: request) != nil
        return renderer.page(
            "account", title: "Account", context: values, request: request, status: status)
    }

    /// The saved choice, without the password. A vault that cannot be opened or read (changed,
    /// re-keyed) is said to be unreadable, never shown as "none yet"; its path stays private.
    private func currentChoice(_ vault: PreferenceVaultAccess) -> String {
        let preference: Preference?
        do {
            preference = try vault.controller().loadPreference()
        } catch {
            return "cannot be read; choose again"
        }
        switch preference {
        case nil: return "none yet"
        case .notNow: return "Not now"
        case .never: return "Never"
        case .save(let credential): return "Save (username \(credential.username))"
        }
    }
}
