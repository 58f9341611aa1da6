import Foundation

/// Base64 for URLs and cookies (RFC 4648, section 5), without padding: what the notices'
/// cookies and the ETags are written in.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The bytes `text` encodes; nil for anything that is not base64url.
    static func decode(_ text: String) -> Data? {
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
            of: "_", with: "/")
        return Data(
            base64Encoded: standard + String(repeating: "=", count: (4 - standard.count % 4) % 4))
    }
}
