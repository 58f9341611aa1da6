import CasebookForms
import Diary
import Foundation
import Hummingbird
import NIOPosix

/// A diarist's own encryption at rest (`DiaryEncryption`): the Encryption page, which
/// encrypts the diary with a new passphrase (after saying that a lost one cannot be
/// recovered) or decrypts it; the form on every diary page of a locked diary, which unlocks
/// it; and Lock. Offered where diaries are files in the data directory, to signed-in users.
struct DiaryEncryptionPages: Sendable {
    let renderer: PageRenderer
    let encryption: DiaryEncryption?

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/diary/encryption", use: page)
        router.post("/diary/encryption", use: change)
        router.post("/diary/unlock", use: unlock)
        router.post("/diary/lock", use: lock)
    }

    /// `GET /diary/encryption`: where the diary stands, and what changes it.
    @Sendable func page(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try render(request, user: SignedInUser.name(of: request))
    }

    /// `POST /diary/encryption` (`action`: `encrypt`, with `passphrase`, `again` and
    /// `understood`; or `decrypt`, with `passphrase`): the change, then this page saying so.
    @Sendable func change(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        guard let encryption, let user = SignedInUser.name(of: request) else {
            return try render(request, user: nil, status: .badRequest)
        }
        let passphrase = try Self.passphrase(form)
        switch form["action"] {
        case "encrypt":
            if let problem = Self.problem(newPassphrase: passphrase, form: form) {
                return try render(request, user: user, problem: problem, status: .badRequest)
            }
            do {
                try await Self.slowly { try encryption.encrypt(user, passphrase: passphrase) }
            } catch {
                return try render(
                    request, user: user, problem: Self.words(for: error),
                    status: .unprocessableContent)
            }
            return try render(
                request, user: user,
                done: "Your diary is encrypted. Keep its passphrase safe: it cannot be recovered.")
        case "decrypt":
            do {
                try await Self.slowly { try encryption.decrypt(user, passphrase: passphrase) }
            } catch {
                return try render(
                    request, user: user, problem: Self.words(for: error),
                    status: .unprocessableContent)
            }
            return try render(
                request, user: user, done: "Your diary is decrypted: a plain file again.")
        default:
            throw RequestError(.badRequest, "The form's action must be encrypt or decrypt.")
                .field("action")
        }
    }

    /// `POST /diary/unlock` (`passphrase`, `next`): the diary opened into memory, then the
    /// page asked for; a wrong passphrase is the form again, saying so.
    @Sendable func unlock(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let form = try await PostedForm.read(request)
        let next = Self.safeNext(form["next"])
        guard let encryption, let user = SignedInUser.name(of: request) else {
            return PageRenderer.redirect(to: next)
        }
        let passphrase = try Self.passphrase(form)
        do {
            try await Self.slowly { try encryption.unlock(user, passphrase: passphrase) }
        } catch {
            var locked = RequestDiaries.locked(next: next)
            locked.templateValues["problem"] =
                error as? SealedDiaryError == .wrongPassphrase
                ? "The passphrase is wrong: type it again." : Self.words(for: error)
            throw locked
        }
        return PageRenderer.redirect(to: next)
    }

    /// `POST /diary/lock`: what changed sealed, the diary let go of; then the diary's page,
    /// which asks for the passphrase again.
    @Sendable func lock(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        _ = try await PostedForm.read(request)
        if let encryption, let user = SignedInUser.name(of: request) {
            do {
                try encryption.lock(user)
            } catch {
                throw RequestError(
                    .internalServerError,
                    "The diary could not be sealed, so it stays unlocked: \(Self.words(for: error))"
                )
            }
        }
        return PageRenderer.redirect(to: "/diary")
    }

    private func render(
        _ request: Request, user: String?, done: String? = nil, problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        var values: [String: Any] = [
            "shortest": DiaryEncryption.shortestPassphrase, "user": user ?? "",
            "done": false, "problem": false, "unavailable": false, "plain": false,
            "unlocked": false, "encrypted": false,
        ]
        if let done { values["done"] = done }
        if let problem { values["problem"] = problem }
        if let encryption, let user {
            let state = encryption.state(of: user)
            values["plain"] = state == .plain
            values["unlocked"] = state == .unlocked
            values["encrypted"] = state != .plain
            if state == .locked {
                values["done"] = done ?? "Your diary is encrypted and locked."
            }
        } else if user == nil {
            values["unavailable"] =
                "Encryption is for each user's own diary, once the server has users. The diary this server shares is encrypted from the command line: casebook diary encrypt."
        } else {
            values["unavailable"] =
                "This server keeps diaries in its database, where they cannot be encrypted with your passphrase. Diaries kept in a server's data directory can be."
        }
        return renderer.page(
            "diary-encryption", title: "Encryption", context: values, request: request,
            status: status)
    }

    /// Runs `body`, which derives a key (a fraction of a second and scrypt's memory), off the
    /// concurrency pool's few threads.
    private static func slowly(_ body: @escaping @Sendable () throws -> Void) async throws {
        try await NIOThreadPool.singleton.runIfActive(body)
    }

    /// The form's passphrase, as typed (spaces are part of it).
    private static func passphrase(_ form: FormFields) throws -> String {
        let passphrase = form["passphrase"] ?? ""
        guard !passphrase.isEmpty else {
            throw RequestError(.badRequest, "The passphrase is empty.").field("passphrase")
        }
        guard passphrase.utf8.count <= DiaryEncryption.longestPassphrase else {
            throw RequestError(
                .badRequest,
                "The passphrase is longer than \(DiaryEncryption.longestPassphrase) bytes."
            ).field("passphrase")
        }
        return passphrase
    }

    /// What is wrong with a new passphrase and the form that gives it, in the diarist's words.
    private static func problem(newPassphrase: String, form: FormFields) -> String? {
        if newPassphrase.count < DiaryEncryption.shortestPassphrase {
            return
                "The passphrase is shorter than \(DiaryEncryption.shortestPassphrase) characters."
        }
        if form["again"] != newPassphrase { return "The two passphrases differ." }
        if form["understood"] != "yes" {
            return "Check that you understand a lost passphrase cannot be recovered."
        }
        return nil
    }

    /// A refusal in words for the diarist, without the server's paths.
    private static func words(for error: any Error) -> String {
        if let error = error as? DiaryEncryptionError { return error.description }
        guard let error = error as? SealedDiaryError else {
            return "The diary cannot be changed: the server could not write it."
        }
        switch error {
        case .wrongPassphrase: return "The passphrase is wrong; the diary is unchanged."
        case .cannotUse(SealedSQLiteDiary.busyReason):
            return
                "A casebook command on the server has the diary open: try again when it ends."
        case .damaged:
            return
                "The encrypted diary is damaged (cut short or changed since it was sealed), so it cannot be opened; it is unchanged."
        default: return "The diary cannot be opened: the server could not read it."
        }
    }

    /// Where to go once unlocked: a diary page of this site, else the diary.
    private static func safeNext(_ text: String?) -> String {
        guard let text, text.hasPrefix("/diary"), LocalRedirect.isSafe(text) else {
            return "/diary"
        }
        return text
    }
}
