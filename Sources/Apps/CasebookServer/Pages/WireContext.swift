import CasebookWire
import Foundation

/// A wire type as a template's context: every field the API gives is a name the page can show,
/// so that a field added to a resource needs its wire type and its template, and no page code.
enum WireContext {
    static func dictionary(of value: some Encodable) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: WireJSON.encode(value))) as? [String: Any] ?? [:]
    }
}
