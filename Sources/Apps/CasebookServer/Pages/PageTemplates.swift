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
    static let templates: [String: String] = [
        "head": PackageResources.head_mustache, "foot": PackageResources.foot_mustache,
        "home": PackageResources.home_mustache, "menu": PackageResources.menu_mustache,
        "diary-list": PackageResources.diary_list_mustache,
        "diary-detail": PackageResources.diary_detail_mustache,
        "diary-conflict": PackageResources.diary_conflict_mustache,
        "survey": PackageResources.survey_mustache, "factor": PackageResources.factor_mustache,
        "account": PackageResources.account_mustache,
        "documents": PackageResources.documents_mustache,
        "error": PackageResources.error_mustache,
        "diary-delete": PackageResources.diary_delete_mustache,
        "diary-trash": PackageResources.diary_trash_mustache,
        "diary-import": PackageResources.diary_import_mustache,
        "survey-respondent": PackageResources.survey_respondent_mustache,
        "login": PackageResources.login_mustache,
        "menu-edit": PackageResources.menu_edit_mustache,
        "menu-history": PackageResources.menu_history_mustache,
        "menu-dish": PackageResources.menu_dish_mustache,
    ].mapValues { String(decoding: $0, as: UTF8.self) }
}
