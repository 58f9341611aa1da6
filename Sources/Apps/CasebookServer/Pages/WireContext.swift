import CasebookWire
import Foundation

/// A wire type as a template's context: every field the API gives is a name the page can show,
/// so that a field added to a resource needs its wire type and its template, and no page code.
/// A field the wire gives as `null` is false to the template (a `{{#field}}` section it does
/// not show).
enum WireContext {
    static func dictionary(of value: some Encodable) -> [String: Any] {
        let object = try? JSONSerialization.jsonObject(with: WireJSON.encode(value))
        return withoutNulls(object ?? [:]) as? [String: Any] ?? [:]
    }

    private static func withoutNulls(_ value: Any) -> Any {
        switch value {
        case is NSNull: false
        case let array as [Any]: array.map(withoutNulls)
        case let object as [String: Any]: object.mapValues(withoutNulls)
        default: value
        }
    }
}
