import CasebookServerResources
import Mustache

/// The pages' Mustache templates, kept as files in `Resources/Templates` and compiled into the
/// server, so that the binary runs anywhere. `{{…}}` escapes HTML; no template uses the
/// unescaped `{{{…}}}` form for user text.
enum PageTemplates {
    /// The templates, parsed: once a process, however many servers it builds.
    static func library() throws -> MustacheLibrary {
        try parsed.get()
    }

    private static let parsed = Result { () throws -> MustacheLibrary in
        var library = MustacheLibrary()
        for (name, text) in templates { try library.register(text, named: name) }
        return library
    }

    /// Each template's text, by the name the pages render it under.
    static let templates: [String: String] = ServerResources.templates
        .mapValues { String(decoding: $0, as: UTF8.self) }
}
