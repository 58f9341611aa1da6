import Foundation

/// Writes a ZIP file (PKWARE's APPNOTE 6.3) a piece at a time, for a download that is
/// streamed: each entry stored as it is (no compression: respondents' files are small text,
/// and any reader opens stored entries), its name in UTF-8 (flag bit 11), with ZIP64's records
/// where an entry count or an offset outgrows the classic fields. What the central directory
/// needs of each entry is kept until `finish()`: about 20 bytes and its name.
public struct ZipWriter: Sendable {
    /// An entry's name that a ZIP file cannot hold.
    public struct BadName: Error, Equatable, CustomStringConvertible {
        public let name: String
        public var description: String {
            "'\(name)' is not a name a ZIP entry can have (1 to 65,535 bytes, no NUL)"
        }
    }

    /// An entry larger than 4 GiB, which this writer does not write.
    public struct TooLarge: Error, Equatable, CustomStringConvertible {
        public let name: String
        public var description: String { "'\(name)' is larger than 4 GiB" }
    }

    private struct Entry: Sendable {
        var nameRange: Range<Int>
        var crc: UInt32
        var size: UInt32
        var offset: UInt64
        /// Deflated, with its sizes after it (a streamed entry): its compressed size.
        var compressedSize: UInt32? = nil
    }

    /// An entry being written a piece at a time (`start(named:)`).
    private struct Streamed {
        var entry: Entry
        var crc = CRC32()
        var size: UInt64 = 0
        var compressed: UInt64 = 0
        let deflater: DeflateStream
    }

    private var streamed: Streamed?

    private var entries: [Entry] = []
    private var names: [UInt8] = []
    /// Bytes written so far: where the next entry starts.
    private var offset: UInt64 = 0
    private let time: UInt16
    private let date: UInt16

    /// A writer whose entries are dated `modified` (in UTC, to the two seconds MS-DOS keeps).
    public init(modified: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: modified)
        let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
        date = UInt16(year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
    }

    /// The bytes of one entry, its local header then its contents.
    public mutating func entry(named name: String, contents: [UInt8]) throws -> [UInt8] {
        // Not inside a streamed entry's contents.
        guard streamed == nil else { throw BadName(name: name) }
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= 0xFFFF, !nameBytes.contains(0) else {
            throw BadName(name: name)
        }
        guard contents.count < 0xFFFF_FFFF else { throw TooLarge(name: name) }
        let crc = CRC32.checksum(contents)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(30 + nameBytes.count + contents.count)
        Self.append(UInt32(0x0403_4B50), to: &bytes)
        Self.append(UInt16(20), to: &bytes)  // version needed: 2.0
        Self.append(UInt16(0x0800), to: &bytes)  // the name is UTF-8
        Self.append(UInt16(0), to: &bytes)  // stored
        Self.append(time, to: &bytes)
        Self.append(date, to: &bytes)
        Self.append(crc, to: &bytes)
        Self.append(UInt32(contents.count), to: &bytes)
        Self.append(UInt32(contents.count), to: &bytes)
        Self.append(UInt16(nameBytes.count), to: &bytes)
        Self.append(UInt16(0), to: &bytes)
        bytes += nameBytes
        bytes += contents
        entries.append(
            Entry(
                nameRange: names.count..<names.count + nameBytes.count, crc: crc,
                size: UInt32(contents.count), offset: offset))
        names += nameBytes
        offset += UInt64(bytes.count)
        return bytes
    }

    /// The local header of an entry whose contents follow a piece at a time (`add(_:)`),
    /// deflated, its checksum and sizes after them (`end()`): for a file too large to hold.
    public mutating func start(named name: String) throws -> [UInt8] {
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= 0xFFFF, !nameBytes.contains(0),
            streamed == nil, let deflater = DeflateStream()
        else { throw BadName(name: name) }
        var bytes: [UInt8] = []
        Self.append(UInt32(0x0403_4B50), to: &bytes)
        Self.append(UInt16(20), to: &bytes)
        Self.append(UInt16(0x0808), to: &bytes)  // UTF-8 name; sizes in a descriptor after
        Self.append(UInt16(8), to: &bytes)  // deflated
        Self.append(time, to: &bytes)
        Self.append(date, to: &bytes)
        Self.append(UInt32(0), to: &bytes)
        Self.append(UInt32(0), to: &bytes)
        Self.append(UInt32(0), to: &bytes)
        Self.append(UInt16(nameBytes.count), to: &bytes)
        Self.append(UInt16(0), to: &bytes)
        bytes += nameBytes
        streamed = Streamed(
            entry: Entry(
                nameRange: names.count..<names.count + nameBytes.count, crc: 0, size: 0,
                offset: offset),
            deflater: deflater)
        names += nameBytes
        offset += UInt64(bytes.count)
        return bytes
    }

    /// The next piece of the streamed entry's contents, compressed (perhaps none yet).
    public mutating func add(_ contents: [UInt8]) throws -> [UInt8] {
        guard var open = streamed else { throw BadName(name: "(no entry started)") }
        open.crc.add(contents)
        open.size += UInt64(contents.count)
        let out = open.deflater.add(contents)
        open.compressed += UInt64(out.count)
        let name = String(decoding: names[open.entry.nameRange], as: UTF8.self)
        guard open.size < 0xFFFF_FFFF, open.compressed < 0xFFFF_FFFF else {
            streamed = nil
            throw TooLarge(name: name)
        }
        streamed = open
        offset += UInt64(out.count)
        return out
    }

    /// The rest of the streamed entry and its data descriptor: the entry is done.
    public mutating func end() throws -> [UInt8] {
        guard var open = streamed else { throw BadName(name: "(no entry started)") }
        var bytes = open.deflater.finish()
        open.compressed += UInt64(bytes.count)
        guard open.compressed < 0xFFFF_FFFF else {
            streamed = nil
            throw TooLarge(name: String(decoding: names[open.entry.nameRange], as: UTF8.self))
        }
        Self.append(UInt32(0x0807_4B50), to: &bytes)
        Self.append(open.crc.value, to: &bytes)
        Self.append(UInt32(open.compressed), to: &bytes)
        Self.append(UInt32(open.size), to: &bytes)
        open.entry.crc = open.crc.value
        open.entry.size = UInt32(open.size)
        open.entry.compressedSize = UInt32(open.compressed)
        entries.append(open.entry)
        streamed = nil
        offset += UInt64(bytes.count)
        return bytes
    }

    /// The central directory and the end records: the last bytes of the file.
    public func finish() -> [UInt8] {
        var bytes: [UInt8] = []
        let directoryStart = offset
        for entry in entries {
            let farOffset = entry.offset >= 0xFFFF_FFFF
            Self.append(UInt32(0x0201_4B50), to: &bytes)
            Self.append(UInt16(3 << 8 | 45), to: &bytes)  // made by: Unix, 4.5
            Self.append(UInt16(farOffset ? 45 : 20), to: &bytes)
            Self.append(UInt16(entry.compressedSize == nil ? 0x0800 : 0x0808), to: &bytes)
            Self.append(UInt16(entry.compressedSize == nil ? 0 : 8), to: &bytes)
            Self.append(time, to: &bytes)
            Self.append(date, to: &bytes)
            Self.append(entry.crc, to: &bytes)
            Self.append(entry.compressedSize ?? entry.size, to: &bytes)
            Self.append(entry.size, to: &bytes)
            Self.append(UInt16(entry.nameRange.count), to: &bytes)
            Self.append(UInt16(farOffset ? 12 : 0), to: &bytes)  // extra field
            Self.append(UInt16(0), to: &bytes)  // comment
            Self.append(UInt16(0), to: &bytes)  // disk
            Self.append(UInt16(0), to: &bytes)  // internal attributes
            Self.append(UInt32(0o100644) << 16, to: &bytes)  // a file, rw-r--r--
            Self.append(farOffset ? 0xFFFF_FFFF : UInt32(entry.offset), to: &bytes)
            bytes += names[entry.nameRange]
            if farOffset {
                Self.append(UInt16(0x0001), to: &bytes)  // ZIP64's extra field
                Self.append(UInt16(8), to: &bytes)
                Self.append(entry.offset, to: &bytes)
            }
        }
        let directorySize = UInt64(bytes.count)
        let count = UInt64(entries.count)
        if count >= 0xFFFF || directoryStart >= 0xFFFF_FFFF || directorySize >= 0xFFFF_FFFF {
            let zip64End = directoryStart + directorySize
            Self.append(UInt32(0x0606_4B50), to: &bytes)
            Self.append(UInt64(44), to: &bytes)  // the record's size after this field
            Self.append(UInt16(3 << 8 | 45), to: &bytes)
            Self.append(UInt16(45), to: &bytes)
            Self.append(UInt32(0), to: &bytes)  // this disk
            Self.append(UInt32(0), to: &bytes)  // the directory's disk
            Self.append(count, to: &bytes)
            Self.append(count, to: &bytes)
            Self.append(directorySize, to: &bytes)
            Self.append(directoryStart, to: &bytes)
            Self.append(UInt32(0x0706_4B50), to: &bytes)  // the locator
            Self.append(UInt32(0), to: &bytes)
            Self.append(zip64End, to: &bytes)
            Self.append(UInt32(1), to: &bytes)  // disks
        }
        Self.append(UInt32(0x0605_4B50), to: &bytes)
        Self.append(UInt16(0), to: &bytes)
        Self.append(UInt16(0), to: &bytes)
        Self.append(UInt16(min(count, 0xFFFF)), to: &bytes)
        Self.append(UInt16(min(count, 0xFFFF)), to: &bytes)
        Self.append(UInt32(min(directorySize, 0xFFFF_FFFF)), to: &bytes)
        Self.append(UInt32(min(directoryStart, 0xFFFF_FFFF)), to: &bytes)
        Self.append(UInt16(0), to: &bytes)  // comment
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
