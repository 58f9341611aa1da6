import Foundation

/// Writes a Swift file that holds files' bytes, for the `EmbedResources` build plugin:
/// `ResourceEmbedder OUTPUT FOLDER PATH...` writes, to `OUTPUT`, the enum `EmbeddedFiles` whose
/// `byPath` gives each `PATH` (relative to `FOLDER`) its file's bytes.
///
/// Text is written as a string literal, which the compiler reads in a fraction of a second; the
/// array literal of numbers SwiftPM's `embedInCode` writes took it 16 s for the server's 130 KB.
/// A file that is not UTF-8 is written as an array literal.
@main
struct ResourceEmbedder {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count >= 2, let output = arguments.first else {
            FileHandle.standardError.write(
                Data("usage: ResourceEmbedder OUTPUT FOLDER PATH...\n".utf8))
            exit(2)
        }
        let folder = URL(fileURLWithPath: arguments.dropFirst().first ?? "")
        var source = """
            // Written by the EmbedResources build plugin from the files beside this module's
            // sources; edit those files, not this one.
            enum EmbeddedFiles {
                /// Each file's bytes, by its path in the module's folder.
                static let byPath: [String: [UInt8]] = [

            """
        for path in arguments.dropFirst(2) {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(path)))
            source += "        \(literal(path)): \(literal(bytes)),\n"
        }
        source += "    ]\n}\n"
        try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }

    /// `bytes` as a Swift expression of type `[UInt8]`.
    static func literal(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard Array(text.utf8) == bytes else {
            return "[" + bytes.map(String.init).joined(separator: ",") + "]"
        }
        return "Array(\(literal(text)).utf8)"
    }

    /// `text` as a Swift string literal of ASCII characters alone: every quote, backslash,
    /// control character and character past ASCII escaped.
    static func literal(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return literal + "\""
    }
}
