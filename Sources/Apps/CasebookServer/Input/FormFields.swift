import CasebookForms
import Foundation
import Hummingbird

/// A request's form body or query, decoded strictly by `URLEncodedForm`; a problem is a 400
/// naming the field. A name is given once, but for those the reader lists as `repeatable`
/// (read with `values(_:)`): a name given twice is a 400 naming it, not its first value taken.
struct FormFields {
    private let form: URLEncodedForm

    init(
        _ encoded: some Collection<UInt8>, kind: String = "form field",
        maximumCount: Int = URLEncodedForm.maximumCount, repeatable: Set<String> = []
    ) throws(RequestError) {
        do {
            form = try URLEncodedForm(encoded, kind: kind, maximumCount: maximumCount)
        } catch {
            let refusal = RequestError(.badRequest, error.message)
            guard let field = error.field else { throw refusal }
            throw kind == "form field" ? refusal.field(field) : refusal.parameter(field)
        }
        if let name = form.firstRepeated(except: repeatable) {
            throw Self.repeated(name, kind: kind)
        }
    }

    /// The 400 for a field given more than once that takes one value, naming it.
    static func repeated(_ name: String, kind: String = "form field") -> RequestError {
        let refusal = RequestError(
            .badRequest, "\(kind) '\(name)' is given more than once; it takes one value")
        return kind == "form field" ? refusal.field(name) : refusal.parameter(name)
    }

    /// The query of `request`'s URL; `repeatable` names the parameters that may be repeated.
    init(query request: Request, repeatable: Set<String> = []) throws(RequestError) {
        try self.init(
            (request.uri.query ?? "").utf8, kind: "query parameter", repeatable: repeatable)
    }

    /// The text fields of a multipart form, its files (parts with a file name) left out,
    /// read as a form body is.
    init(textOf multipart: MultipartForm) throws(RequestError) {
        let unreserved = Set(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        func encoded(_ bytes: [UInt8]) -> [UInt8] {
            bytes.flatMap { byte -> [UInt8] in
                unreserved.contains(byte) ? [byte] : Array("%\(String(format: "%02X", byte))".utf8)
            }
        }
        let pairs = multipart.parts.filter { $0.filename == nil }.map {
            encoded(Array($0.name.utf8)) + [UInt8(ascii: "=")] + encoded($0.body)
        }
        try self.init(Array(pairs.joined(separator: [UInt8(ascii: "&")])))
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
