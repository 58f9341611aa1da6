import CCmark
import Foundation

/// Markdown (CommonMark) made HTML safe to show in a page, with cmark, the CommonMark
/// reference implementation: HTML written in the text is shown as the text it is (escaped,
/// never run or dropped), and a link or image to anything but the web, mail or a relative path
/// (`javascript:`, `vbscript:`, `file:`, `data:` but images) loses its address, as cmark's safe
/// mode does. cmark reads any text in time linear in its length, however deeply it nests.
public enum MarkdownHTML {
    /// `text` rendered as HTML: blocks (`<p>`, `<h1>`…, `<ul>`, `<blockquote>`, `<pre>`) and
    /// inlines (`<em>`, `<strong>`, `<code>`, `<a>`, `<img>`).
    public static func html(from text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard
                let document = bytes.withMemoryRebound(
                    to: CChar.self,
                    { characters in
                        cmark_parse_document(
                            characters.baseAddress, characters.count, CMARK_OPT_VALIDATE_UTF8)
                    })
            else { return "" }
            defer { cmark_node_free(document) }
            escapeHTML(in: document)
            guard let rendered = cmark_render_html(document, CMARK_OPT_DEFAULT) else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }

    /// Each HTML block and inline of `document` made the text it is written as (a block a
    /// paragraph of it), which the renderer then escapes.
    private static func escapeHTML(in document: OpaquePointer) {
        var written: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else {
                continue
            }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
                written.append(node)
            }
        }
        for node in written {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let text = cmark_node_new(CMARK_NODE_TEXT)
            if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)
                var trimmed = literal
                while trimmed.hasSuffix("\n") { trimmed.removeLast() }
                cmark_node_set_literal(text, trimmed)
                cmark_node_append_child(paragraph, text)
                cmark_node_insert_before(node, paragraph)
            } else {
                cmark_node_set_literal(text, literal)
                cmark_node_insert_before(node, text)
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }
}
