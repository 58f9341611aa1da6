/// What a photo's bytes say it is, and where its image ends: the name and type an upload came
/// with are not trusted, and bytes after the image's end (a ZIP or a page behind a JPEG: a
/// polyglot) are refused rather than kept or passed on.
enum PhotoFormat: Int32 {
    // The numbers `casebook_vips_size` takes.
    case jpeg = 1
    case png = 2
    case webp = 3

    /// The format the first bytes name; nil for any other file.
    init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
            Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            self = .webp
        } else {
            return nil
        }
    }

    var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        }
    }

    /// How many bytes follow the image's end: 0 for a file that is the image alone. A JPEG
    /// ends with its End Of Image marker, a PNG with its IEND chunk, a WebP where its RIFF
    /// header says.
    func trailingBytes(in bytes: [UInt8]) -> Int {
        switch self {
        case .jpeg:
            // The last End Of Image marker: what follows it is not the image's.
            var end = bytes.count
            while end >= 2, !(bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9) { end -= 1 }
            return end >= 2 ? bytes.count - end : bytes.count
        case .png:
            let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            var start = bytes.count - iend.count
            while start >= 8, !bytes[start..<(start + iend.count)].elementsEqual(iend) {
                start -= 1
            }
            return start >= 8 ? bytes.count - start - iend.count : bytes.count
        case .webp:
            let size = (0..<4).reduce(0) { $0 | Int(bytes[4 + $1]) << (8 * $1) }
            // A chunk of odd size is padded to an even one.
            let end = 8 + size + (size & 1)
            return max(bytes.count - end, 0)
        }
    }
}
