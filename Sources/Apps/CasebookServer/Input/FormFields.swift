import CasebookForms
import Hummingbird

/// A request's form body or query, decoded strictly by `URLEncodedForm`; a problem is a 400
/// naming the field.
struct FormFields {
    private let form: URLEncodedForm

    init(
        _ encoded: some Collection<UInt8>, kind: String = "form field",
        maximumCount: Int = URLEncodedForm.maximumCount
    ) throws(RequestError) {
        do {
            form = try URLEncodedForm(encoded, kind: kind, maximumCount: maximumCount)
        } catch {
            throw RequestError(.badRequest, error.message)
        }
    }

    /// The query of `request`'s URL.
    init(query request: Request) throws(RequestError) {
        try self.init((request.uri.query ?? "").utf8, kind: "query parameter")
    }

    subscript(name: String) -> String? { form[name] }

    /// Every value of a field that may be repeated.
    func values(_ name: String) -> [String] { form.values(name) }

    /// The whole number in field `name`, nil when the field is missing or empty.
    /// - Throws: a 400 naming the field when it is not a whole number within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(RequestError) -> Int? {
        do {
            return try form.integer(name, in: range)
        } catch {
            throw RequestError(.badRequest, error.message).parameter(name)
        }
    }
}
