/// The files in this folder, as compiled into the server, so that the binary runs anywhere: the
/// pages' templates (`Templates`), the stylesheet and script every page links (`Assets`) and the
/// JSON API's OpenAPI description (`openapi.json`).
package enum ServerResources {
    /// Each page template's text, by the name the pages render it under.
    package static let templates: [String: [UInt8]] = [
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
    ]

    /// `Assets/style.css`.
    package static let stylesheet: [UInt8] = PackageResources.style_css

    /// `Assets/app.js`.
    package static let script: [UInt8] = PackageResources.app_js

    /// `openapi.json`.
    package static let openAPIDescription: [UInt8] = PackageResources.openapi_json
}
