import CasebookWire
import Foundation
import Hummingbird
import SurveySyncCore
import SurveySyncFiles

/// `/api/survey-form`: the survey's form as JSON, every version of it, and an admin's new
/// version (`SurveyFormRequest`: the file in base64 and its name), which is read before it is
/// kept; and `POST /api/survey-form/check`, every respondent checked again against the newest.
struct SurveyFormController: Sendable {
    /// The most versions a form may have.
    static let mostVersions = 100_000

    let forms: SurveyForms
    let respondents: any RespondentStore

    func addRoutes(to router: Router<some RequestContext>) {
        let group = router.group("api/survey-form")
        group.get(use: latest)
        group.get("versions", use: versions)
        group.post("versions", use: add)
        group.get("versions/{version}", use: version)
        group.post("check", use: checkAll)
    }

    /// `GET /api/survey-form`: the newest version (`SurveyFormWire`), or 404 before the first.
    @Sendable func latest(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        guard let read = try await forms.latest() else {
            throw RequestError(.notFound, "the survey has no form yet")
        }
        return JSONResponse.make(SurveyFormWire(version: read.version, form: read.form))
    }

    /// `GET /api/survey-form/versions`: every version, the newest first, without its form.
    @Sendable func versions(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        JSONResponse.make(try await forms.store.versions())
    }

    /// `GET /api/survey-form/versions/{version}`: one version, or 404.
    @Sendable func version(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let number = try PathParameter.count("version", upTo: Self.mostVersions, in: context)
        guard let read = try await forms.version(number) else {
            throw RequestError(.notFound, "the survey's form has no version \(number)")
        }
        return JSONResponse.make(SurveyFormWire(version: read.version, form: read.form))
    }

    /// `POST /api/survey-form/versions` (`SurveyFormRequest`): the file, an XLSForm `.xlsx` or
    /// its YAML, kept as the next version (201 with it); a file that is no form is a 422
    /// saying what is wrong and where (sheet, row, column), and nothing is kept.
    @Sendable func add(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        // Base64 is four bytes for each three, and the JSON around it a few more.
        let body = try await RequestBody.collect(
            request, upTo: SurveyFormFile.mostBytes / 3 * 4 + 4096)
        let asked: SurveyFormRequest
        do {
            asked = try SurveyFormRequest.read(
                body.readableBytesView, limit: SurveyFormFile.mostBytes)
        } catch {
            throw RequestError(refusal: error)
        }
        let read = try await forms.add(
            fileName: try Self.fileName(asked.name), bytes: asked.bytes, by: SignedInUser.current)
        return JSONResponse.make(
            SurveyFormWire(version: read.version, form: read.form), status: .created)
    }

    /// `POST /api/survey-form/check`: every respondent checked against the newest version;
    /// how many were, and how many have issues.
    @Sendable func checkAll(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        try await DiaryAPIController.expectNothing(in: request)
        guard try await forms.latest() != nil else {
            throw RequestError(.conflict, "the survey has no form to check respondents against")
        }
        let (checked, issues) = try await forms.checkAll(in: respondents)
        return JSONResponse.make(["checked": checked, "withIssues": issues])
    }

    /// A form file's name as given: its last path component, 1 to 255 bytes of text without
    /// control characters.
    static func fileName(_ given: String?) throws -> String {
        guard let given, !given.isEmpty else {
            throw RequestError(
                .badRequest, "name the form's file: household.xlsx (or .yaml)"
            ).field("name")
        }
        let name = String(given.split(separator: "/").last ?? "")
        guard !name.isEmpty, name.utf8.count <= 255,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw RequestError(
                .badRequest,
                "the form's file name must be 1 to 255 bytes, without control characters"
            ).field("name")
        }
        return name
    }
}
