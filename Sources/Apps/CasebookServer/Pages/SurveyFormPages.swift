import CasebookWire
import Foundation
import Hummingbird
import SurveySyncCore
import SurveySyncFiles

/// `/survey/form`: the survey's form as its team reads it, a data dictionary of every question
/// (label in the reader's language, name, type, choices, and the rules a respondent is
/// checked by), its versions, and for an admin the form to give a new version and to check
/// every respondent again.
struct SurveyFormPages: Sendable {
    let renderer: PageRenderer
    let forms: SurveyForms
    let respondents: any RespondentStore

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/survey/form", use: show)
        router.post("/survey/form", use: add)
        router.get("/survey/form/versions/{version}", use: showVersion)
        router.post("/survey/form/check", use: checkAll)
    }

    /// `GET /survey/form[?lang=…]`: the newest version.
    @Sendable func show(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await render(request, read: try await forms.latest(), newest: true)
    }

    /// `GET /survey/form/versions/{version}`: an earlier (or the newest) version.
    @Sendable func showVersion(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let number = try PathParameter.count(
            "version", upTo: SurveyFormController.mostVersions, in: context)
        guard let read = try await forms.version(number) else {
            throw RequestError(.notFound, "The survey's form has no version \(number).")
        }
        let newest = try await forms.store.latestVersion()?.number == number
        return try await render(request, read: read, newest: newest)
    }

    /// `POST /survey/form` (`multipart/form-data`: `file`, `csrf`): the file kept as the next
    /// version, then the form's page saying so; a file that is no form is the page again,
    /// saying what is wrong and where.
    @Sendable func add(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let posted = try await PostedForm.readFiles(
            request, limit: SurveyFormFile.mostBytes + 64 * 1024, partLimit: 4)
        guard let file = posted.parts.first(where: { $0.name == "file" }),
            let name = file.filename, !name.isEmpty
        else {
            return try await render(
                request, read: try await forms.latest(), newest: true,
                problem: "Choose the form's file: an XLSForm spreadsheet (.xlsx) or its YAML.",
                status: .badRequest)
        }
        let read: SurveyForms.Read
        do {
            read = try await forms.add(
                fileName: try SurveyFormController.fileName(name), bytes: file.body,
                by: SignedInUser.current)
        } catch let error as RequestError {
            return try await render(
                request, read: try await forms.latest(), newest: true,
                problem: "That file was not kept: \(error.message)",
                status: .unprocessableContent)
        }
        let count = read.form.questions().count { !$0.field.isContainer }
        return try await render(
            request, read: read, newest: true,
            done:
                "Version \(read.version.number) of the form is kept, with \(EnglishCount.phrase(count, "question")). Respondents are checked against it from now on; “Check every respondent” checks those already here."
        )
    }

    /// `POST /survey/form/check`: every respondent checked against the newest version, then
    /// the page saying how many were and how many have issues.
    @Sendable func checkAll(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        _ = try await PostedForm.read(request)
        guard let latest = try await forms.latest() else {
            return try await render(
                request, read: nil, newest: true,
                problem: "The survey has no form yet to check respondents against.",
                status: .conflict)
        }
        let (checked, issues) = try await forms.checkAll(in: respondents)
        return try await render(
            request, read: latest, newest: true,
            done:
                "\(EnglishCount.phrase(checked, "respondent")) checked against version \(latest.version.number): \(issues == 0 ? "none has" : EnglishCount.phrase(issues, "has", plural: "have")) issues."
        )
    }

    private func render(
        _ request: Request, read: SurveyForms.Read?, newest: Bool, done: String? = nil,
        problem: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let zone = ReaderTimeZone.of(request) ?? .current
        let versions = try await forms.store.versions()
        var values: [String: Any] = [
            "mayChange": RespondentFilterQuery.mayReadEveryone,
            "done": done ?? false, "problem": problem ?? false,
            "form": false, "older": false, "languages": false,
            "versions": versions.isEmpty
                ? false
                : [
                    "list": versions.map { version in
                        [
                            "number": version.number, "fileName": version.fileName,
                            "path": "/survey/form/versions/\(version.number)",
                            "by": version.uploadedBy ?? "someone not signed in",
                            "at": WireDateText.text(of: version.uploadedAt),
                            "atShown": RespondentReviewContext.shown(
                                version.uploadedAt, zone: zone),
                            "shown": version.number == read?.version.number,
                        ] as [String: Any]
                    }
                ],
        ]
        var title = "Survey form"
        if let read {
            // As a browser's form sends it: a space as `+`.
            let wanted = try FormFields(query: request)["lang"]
            let language = read.form.language(for: wanted)
            // How many have issues, for the admin who reads them all (a surveyor's own are in
            // their table).
            let mayReadAll = RespondentFilterQuery.mayReadEveryone
            values["form"] = SurveyFormContext.form(
                read, language: language, zone: zone,
                issues: newest && mayReadAll ? try await forms.store.issueCount() : nil)
            values["older"] = !newest
            let languages = read.form.languages
            if languages.count > 1 {
                values["languages"] = [
                    "options": languages.map { code in
                        [
                            "code": code, "name": code == "default" ? "No language named" : code,
                            "selected": code == language,
                        ] as [String: Any]
                    }
                ]
            }
            if !newest { title = "Survey form, version \(read.version.number)" }
        }
        return renderer.page(
            "survey-form", title: title, context: values, request: request, status: status)
    }
}
