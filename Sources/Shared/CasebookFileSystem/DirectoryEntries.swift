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

    /// The bytes of the name whose escaped form `name` is (`escaped` read back), when that name
    /// is not UTF-8 and the folder at `path` holds it: what a name from `list` stands for, found
    /// without listing the folder again. Nil for a name that is text or is not there.
    public static func nameNotText(_ name: String, inFolderAtPath path: String) -> (
        position: Int, value: UInt8
    )? {
        guard let bytes = unescaped(name), let invalid = TextBytes.firstInvalidByte(in: bytes)
        else { return nil }
        var status = stat()
        let found = (Array((path.hasSuffix("/") ? path : path + "/").utf8) + bytes + [0])
            .withUnsafeBufferPointer { path in
                path.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &status) == 0 }
            }
        return found ? invalid : nil
    }

    /// The bytes `escaped` made `name` from, or nil when it is not such a text.
    static func unescaped(_ name: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var rest = Array(name.utf8)[...]
        while let byte = rest.popFirst() {
            if byte != UInt8(ascii: "\\") {
                guard (0x20..<0x7F).contains(byte) else { return nil }
                bytes.append(byte)
            } else if rest.first == UInt8(ascii: "\\") {
                bytes.append(rest.removeFirst())
            } else {
                let digits = rest.prefix(3)
                guard digits.count == 3, digits.allSatisfy({ (0x30...0x37).contains($0) }) else {
                    return nil
                }
                let value = digits.reduce(0) { $0 * 8 + Int($1 - 0x30) }
                guard value < 256 else { return nil }
                bytes.append(UInt8(value))
                rest.removeFirst(3)
            }
        }
        return bytes
    }

    /// Printable ASCII as it is, the backslash doubled, every other byte as `\ooo`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\\") {
                result += [byte, byte]
            } else if (0x20..<0x7F).contains(byte) {
                result.append(byte)
            } else {
                TextBytes.appendOctalEscape(of: byte, to: &result)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
