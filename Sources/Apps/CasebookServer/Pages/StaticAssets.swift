import CasebookServerResources

/// The stylesheet and the small progressive script every page links, kept as files in
/// `Resources/Assets` and compiled into the server.
enum StaticAssets {
    static let stylesheet = String(decoding: ServerResources.stylesheet, as: UTF8.self)

    /// Enables a form's button only while the text it depends on is not blank. The server refuses
    /// blank text anyway; this only saves a round trip.
    static let script = String(decoding: ServerResources.script, as: UTF8.self)
}
