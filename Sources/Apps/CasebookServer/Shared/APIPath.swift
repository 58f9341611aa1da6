/// Which paths are the JSON API's, for what answers them: API errors are JSON, pages' errors
/// are pages, and cross-site checks differ between the two.
enum APIPath {
    /// Whether `path` is the JSON API's: under `/api/`, or a path of an API route outside it
    /// (`/health`, `/metrics`, `/openapi.json`). The router ignores empty segments
    /// ("//api/respondents" reaches the API), so this does too.
    static func contains(_ path: String) -> Bool {
        path.drop(while: { $0 == "/" }).prefix(while: { $0 != "/" }) == "api"
            || RouteTable.apiPathsOutsideAPI.contains(path)
    }
}
