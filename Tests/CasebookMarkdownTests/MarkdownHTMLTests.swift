import CasebookMarkdown
import Testing

/// The diary's entries as they read: CommonMark rendered as its spec says (examples from the
/// CommonMark spec 0.30 for the blocks and inlines kept), and nothing a text holds run: HTML is
/// shown as text, unsafe links lose their address, and any nesting renders.
@Suite("Markdown rendered safely")
struct MarkdownHTMLTests {
    @Test(arguments: [
        // Spec 0.30, example 62 (ATX headings) and 80 (setext).
        ("# foo\n## foo\n###### foo\n", "<h1>foo</h1>\n<h2>foo</h2>\n<h6>foo</h6>\n"),
        ("Foo *bar*\n=========\n", "<h1>Foo <em>bar</em></h1>\n"),
        // Example 350, 378 (emphasis), 328 (code span).
        ("*foo bar*\n", "<p><em>foo bar</em></p>\n"),
        ("**foo bar**\n", "<p><strong>foo bar</strong></p>\n"),
        ("`foo`\n", "<p><code>foo</code></p>\n"),
        // Example 301 (list), 228 (block quote), 119 (fenced code).
        ("- one\n- two\n", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"),
        ("> # Foo\n> bar\n> baz\n", "<blockquote>\n<h1>Foo</h1>\n<p>bar\nbaz</p>\n</blockquote>\n"),
        ("```\n<\n >\n```\n", "<pre><code>&lt;\n &gt;\n</code></pre>\n"),
        // Example 482 (link), 572 (image).
        ("[link](/uri \"title\")\n", "<p><a href=\"/uri\" title=\"title\">link</a></p>\n"),
        ("![foo](/url \"title\")\n", "<p><img src=\"/url\" alt=\"foo\" title=\"title\" /></p>\n"),
        // A line break kept as written (example 633) and an entity.
        ("foo  \nbaz\n", "<p>foo<br />\nbaz</p>\n"),
        ("&copy; caf&eacute;\n", "<p>© café</p>\n"),
    ])
    func commonMarkRendersAsItsSpecSays(markdown: String, html: String) {
        #expect(MarkdownHTML.html(from: markdown) == html)
    }

    @Test(arguments: [
        ("<script>alert(1)</script>\n", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"),
        (
            "Hello <b onclick=\"x()\">there</b>\n",
            "<p>Hello &lt;b onclick=&quot;x()&quot;&gt;there&lt;/b&gt;</p>\n"
        ),
        ("<img src=x onerror=alert(1)>\n", "<p>&lt;img src=x onerror=alert(1)&gt;</p>\n"),
        ("<!-- hidden -->\n", "<p>&lt;!-- hidden --&gt;</p>\n"),
    ])
    func htmlInTheTextIsShownAsText(markdown: String, html: String) {
        #expect(MarkdownHTML.html(from: markdown) == html)
    }

    @Test(arguments: [
        "[x](javascript:alert(1))", "[x](JAVASCRIPT:alert(1))", "[x](vbscript:msgbox)",
        "[x](file:///etc/passwd)", "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "<javascript:alert(1)>", "![x](javascript:alert(1))",
    ])
    func anUnsafeLinkLosesItsAddress(markdown: String) {
        let html = MarkdownHTML.html(from: markdown).lowercased()
        // The words may show; no address keeps the scheme.
        for scheme in ["javascript:", "vbscript:", "file:", "data:"] {
            #expect(!html.contains("href=\"\(scheme)") && !html.contains("src=\"\(scheme)"))
        }
        #expect(html.contains("href=\"\"") || html.contains("src=\"\""))
    }

    @Test func safeLinksKeepTheirAddress() {
        #expect(
            MarkdownHTML.html(from: "<https://example.org/a?b=1&c=2> [m](mailto:a@b.example)")
                == "<p><a href=\"https://example.org/a?b=1&amp;c=2\">https://example.org/a?b=1&amp;c=2</a> <a href=\"mailto:a@b.example\">m</a></p>\n"
        )
    }

    @Test(arguments: [
        String(repeating: ">", count: 100_000) + " deep",
        String(repeating: "[", count: 100_000) + "x" + String(repeating: "](y)", count: 1000),
        String(repeating: "*", count: 100_000) + "a" + String(repeating: "*", count: 100_000),
        String(repeating: "- ", count: 20_000) + "item",
        String(repeating: "<a>", count: 50_000),
    ])
    func anyNestingRendersAndRunsNothing(markdown: String) {
        let html = MarkdownHTML.html(from: markdown)
        #expect(!html.isEmpty)
        #expect(!html.contains("<a>"))
    }

    @Test func nothingIsNothing() {
        #expect(MarkdownHTML.html(from: "") == "")
    }
}
