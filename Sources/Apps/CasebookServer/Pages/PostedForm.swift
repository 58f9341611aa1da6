import CasebookForms
import Hummingbird
import NIOCore

/// Reads a state-changing form: size-limited, and refused unless it carries the CSRF token.
enum PostedForm {
    static let limit = 1024 * 1024

    /// `repeatable` names the fields that may be given more than once (`FormFields`).
    static func read(
        _ request: Request, maximumFields: Int = URLEncodedForm.maximumCount,
        repeatable: Set<String> = [], limit: Int = Self.limit
    ) async throws -> FormFields {
        let buffer = try await RequestBody.collect(request, upTo: limit)
        let form = try FormFields(
            buffer.readableBytesView, maximumCount: maximumFields, repeatable: repeatable)
        guard CSRFToken.isValid(form: form, request: request) else { throw expired }
        return form
    }

    /// A form that sends files (`multipart/form-data`): at most `limit` bytes and `partLimit`
    /// parts, read strictly (`MultipartForm`; a 400 saying what is wrong), and refused unless
    /// it carries the CSRF token. A field given twice is a 400 naming it, but for those
    /// `repeatable` names.
    static func readFiles(
        _ request: Request, limit: Int, partLimit: Int = MultipartForm.mostParts,
        repeatable: Set<String> = []
    ) async throws -> MultipartForm {
        let body = try await RequestBody.collect(request, upTo: limit)
        let form: MultipartForm
        do {
            let boundary = try MultipartForm.boundary(
                contentType: request.headers[.contentType] ?? "")
            form = try MultipartForm(
                Array(body.readableBytesView), boundary: boundary, partLimit: partLimit)
        } catch {
            throw RequestError(.badRequest, "The form cannot be read: \(error).")
        }
        if let name = form.firstRepeated(except: repeatable) {
            throw FormFields.repeated(name)
        }
        guard CSRFToken.isValid(field: form[CSRFToken.fieldName], request: request) else {
            throw expired
        }
        return form
    }

    private static let expired = RequestError(
        .forbidden,
        "This form has expired or came from another site. Reload the page and try again.")
}
