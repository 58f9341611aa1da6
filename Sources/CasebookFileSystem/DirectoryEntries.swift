#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a folder, read as the bytes they are. A name is bytes on Linux, not text:
/// Foundation's listing puts U+FFFD in place of bytes that are not UTF-8, so such a file was
/// listed under another file's name. Here such a name is written with octal escapes instead
/// (`a\200.yaml`, the backslash itself as `\\`), and says where it stops being text.
public enum DirectoryEntries {
    public struct Entry: Sendable {
        /// The name as text: itself when it is UTF-8, else escaped.
        public let name: String
        /// Where the name stops being UTF-8, or nil when it is text.
        public let invalidByte: (position: Int, value: UInt8)?
    }

    /// Every entry of the folder at `path` but `.` and `..`, in the order the system gives.
    /// - Throws: `FileProblem` when the folder cannot be opened.
    public static func list(atPath path: String) throws(FileProblem) -> [Entry] {
        guard let directory = opendir(path) else {
            throw errno == ENOENT
                ? .missing
                : errno == EACCES
                    ? .permissionDenied
                    : .system(String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { name in
                Array(name.prefix { $0 != 0 })
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let invalid = TextBytes.firstInvalidByte(in: bytes)
            entries.append(
                Entry(
                    name: invalid == nil ? String(decoding: bytes, as: UTF8.self) : escaped(bytes),
                    invalidByte: invalid))
        }
        return entries
    }

    /// Printable ASCII as it is, the backslash doubled, every other byte as `\ooo`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        for byte in bytes {
            if byte == UInt8(ascii: "\\") {
                result += "\\\\"
            } else if (0x20..<0x7F).contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let octal = String(byte, radix: 8)
                result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return result
    }
}
