import CLibXML2

/// Reads an XML document with libxml2's streaming reader (`xmlTextReader`), loaded when the
/// first document is read, as hostile input: never the network, no document type (so no
/// entity of its own, and none expanded), at most `mostDepth` elements deep; each element and
/// text handed to the caller in document order.
struct XMLStream {
    /// What the reader meets.
    enum Event {
        /// An element's start: its local name (no prefix) and its attributes' local names and
        /// values; `empty` for `<c/>`, which has no end of its own.
        case start(name: String, attributes: [String: String], empty: Bool)
        case text(String)
        case end(name: String)
    }

    /// The deepest an element may sit: a spreadsheet's parts are a few levels deep.
    static let mostDepth = 32

    /// Whether libxml2 could be loaded (it is loaded once, at the first ask).
    static let isAvailable: Bool = casebook_xml_load() == 0

    /// Calls `handle` with each event of the document `bytes`; throws `XLSXError` naming `part`
    /// and the line for a document that is not well-formed or that breaks the limits.
    static func read(
        _ bytes: [UInt8], part: String, _ handle: (Event) throws(XLSXError) -> Void
    ) throws(XLSXError) {
        guard isAvailable else { throw XLSXError.unavailable }
        let xml = casebook_xml_table().pointee
        guard bytes.count <= Int(Int32.max) else { throw XLSXError(part: part, "it is too large") }
        let options =
            Int32(CASEBOOK_XML_PARSE_NONET) | Int32(CASEBOOK_XML_PARSE_NOERROR)
            | Int32(CASEBOOK_XML_PARSE_NOWARNING)
        let reader: casebook_xml_reader? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xml.reader_for_memory!($0.baseAddress, Int32($0.count), nil, "UTF-8", options)
            }
        }
        guard let reader else { throw XLSXError(part: part, "it cannot be read as XML") }
        defer { xml.free_reader!(reader) }
        // The bytes stay alive and unmoved while the reader reads them.
        try withExtendedLifetime(bytes) { () throws(XLSXError) in
            while true {
                let step = xml.read!(reader)
                if step == 0 { return }
                guard step == 1 else {
                    throw XLSXError(
                        part: part,
                        "it is not well-formed XML (near line \(xml.line_number!(reader)))")
                }
                let type = xml.node_type!(reader)
                switch type {
                case Int32(CASEBOOK_XML_ELEMENT):
                    guard xml.depth!(reader) < mostDepth else {
                        throw XLSXError(part: part, "its elements nest more than \(mostDepth) deep")
                    }
                    let name = string(xml.local_name!(reader))
                    let empty = xml.is_empty_element!(reader) == 1
                    var attributes: [String: String] = [:]
                    while xml.move_to_next_attribute!(reader) == 1 {
                        attributes[string(xml.local_name!(reader))] = string(
                            xml.value!(reader))
                    }
                    _ = xml.move_to_element!(reader)
                    try handle(.start(name: name, attributes: attributes, empty: empty))
                case Int32(CASEBOOK_XML_TEXT), Int32(CASEBOOK_XML_CDATA),
                    Int32(CASEBOOK_XML_SIGNIFICANT_WHITESPACE), Int32(CASEBOOK_XML_WHITESPACE):
                    try handle(.text(string(xml.value!(reader))))
                case Int32(CASEBOOK_XML_END_ELEMENT):
                    try handle(.end(name: string(xml.local_name!(reader))))
                case Int32(CASEBOOK_XML_DOCUMENT_TYPE), Int32(CASEBOOK_XML_ENTITY_REFERENCE):
                    throw XLSXError(
                        part: part, "it declares a document type, which a spreadsheet never does")
                default:
                    continue
                }
            }
        }
    }

    private static func string(_ text: UnsafePointer<UInt8>?) -> String {
        guard let text else { return "" }
        return String(cString: text)
    }
}
