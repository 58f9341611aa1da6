/// Reads the files of a ZIP file (PKWARE's APPNOTE 6.3) held in memory, as hostile input: by
/// its central directory, every offset and size checked against the bytes there are, at most
/// `Limits` entries and bytes unpacked, each entry stored or deflated and checked against its
/// CRC-32. Folders are skipped, and so are the copies of resource forks that macOS adds
/// (`__MACOSX/`, `._name`). A fault of the whole file throws; a fault of one entry is that
/// entry's refusal, the others read.
public enum ZipReader {
    public struct Limits: Sendable {
        /// The most entries (folders aside).
        public var mostEntries: Int
        /// The most bytes one entry unpacks to.
        public var mostEntryBytes: Int
        /// The most bytes all the entries may unpack to: each entry unpacked counts its declared
        /// size, whether it is then kept or refused (its checksum failing).
        public var mostBytes: Int

        public init(mostEntries: Int, mostEntryBytes: Int, mostBytes: Int) {
            self.mostEntries = mostEntries
            self.mostEntryBytes = mostEntryBytes
            self.mostBytes = mostBytes
        }
    }

    /// Why a ZIP file, or one of its entries, is not read.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// One file of the archive: its path inside it, and its bytes or why they are not read.
    public struct Entry: Sendable {
        public let name: String
        public let contents: Result<[UInt8], Refusal>
    }

    /// The files of the ZIP file `bytes`, in the order of its directory.
    public static func entries(in bytes: [UInt8], limits: Limits) throws(Refusal) -> [Entry] {
        try entries(in: bytes, limits: limits, including: { _ in true })
    }

    /// The files of the ZIP file `bytes` whose names `wanted` takes, in the order of its
    /// directory; the others are neither unpacked nor counted against `limits`.
    public static func entries(
        in bytes: [UInt8], limits: Limits, including wanted: (String) -> Bool
    ) throws(Refusal) -> [Entry] {
        let directory = try Self.directory(of: bytes)
        var entries: [Entry] = []
        var unpacked = 0
        var packedRead: UInt64 = 0
        var offset = directory.start
        for _ in 0..<directory.count {
            guard offset + 46 <= directory.end, bytes.uint32(at: offset) == 0x0201_4B50 else {
                throw Refusal("its central directory is damaged")
            }
            let flags = bytes.uint16(at: offset + 8)
            let method = bytes.uint16(at: offset + 10)
            let crc = bytes.uint32(at: offset + 16)
            var packedSize = UInt64(bytes.uint32(at: offset + 20))
            var size = UInt64(bytes.uint32(at: offset + 24))
            let nameLength = Int(bytes.uint16(at: offset + 28))
            let extraLength = Int(bytes.uint16(at: offset + 30))
            let commentLength = Int(bytes.uint16(at: offset + 32))
            var localOffset = UInt64(bytes.uint32(at: offset + 42))
            let nameStart = offset + 46
            let next = nameStart + nameLength + extraLength + commentLength
            guard next <= directory.end else { throw Refusal("its central directory is damaged") }
            let nameBytes = bytes[nameStart..<nameStart + nameLength]
            // ZIP64's extra field holds, in this order, what the fields above left at their
            // largest value.
            var extra = nameStart + nameLength
            while extra + 4 <= nameStart + nameLength + extraLength {
                let tag = bytes.uint16(at: extra)
                let length = Int(bytes.uint16(at: extra + 2))
                var field = extra + 4
                let fieldEnd = field + length
                guard fieldEnd <= nameStart + nameLength + extraLength else { break }
                if tag == 0x0001 {
                    func wide(_ value: inout UInt64) {
                        guard value == 0xFFFF_FFFF, field + 8 <= fieldEnd else { return }
                        value = bytes.uint64(at: field)
                        field += 8
                    }
                    wide(&size)
                    wide(&packedSize)
                    wide(&localOffset)
                }
                extra = fieldEnd
            }
            offset = next
            guard let name = String(validating: nameBytes, as: UTF8.self), !nameBytes.contains(0)
            else { throw Refusal("an entry's name is not UTF-8 text without NUL") }
            if name.hasSuffix("/") || Self.isResourceFork(name) || !wanted(name) { continue }
            guard entries.count < limits.mostEntries else {
                throw Refusal("it holds more than \(limits.mostEntries) files")
            }
            let contents: Result<[UInt8], Refusal>
            // Every size from the directory is checked before it is added to anything: a
            // ZIP64 size may be as large as 2^64 − 1.
            if packedSize > UInt64(directory.start) {
                contents = .failure(Refusal("its data runs past the end of the file"))
            } else {
                // The entries' data, all told, fits in the file only once: entries that share
                // their bytes (a file's directory pointing at one blob again and again) would
                // make reading it cost as many times the file. Both terms are at most the
                // directory's offset, so their sum cannot overflow.
                packedRead += packedSize
                guard packedRead <= UInt64(directory.start) else {
                    throw Refusal("its entries overlap")
                }
                do throws(Refusal) {
                    guard flags & 1 == 0 else { throw Refusal("it is encrypted") }
                    guard size <= UInt64(limits.mostEntryBytes) else {
                        throw Refusal("it is larger than \(limits.mostEntryBytes) bytes")
                    }
                    guard unpacked + Int(size) <= limits.mostBytes else {
                        throw Refusal(
                            "the files before it fill the \(limits.mostBytes) bytes allowed")
                    }
                    let data = try Self.data(
                        in: bytes, at: localOffset, packedSize: packedSize,
                        before: directory.start)
                    // What an entry may unpack to counts against the whole file's bytes from
                    // here, whether it is then kept or refused: entries that unpack and then
                    // fail their checksum cost as much work as those that are read.
                    unpacked += Int(size)
                    contents = .success(
                        try Self.unpacked(data, method: method, size: size, crc: crc))
                } catch {
                    contents = .failure(error)
                }
            }
            entries.append(Entry(name: name, contents: contents))
        }
        return entries
    }

    /// An entry's bytes from its `data`, stored (`method` 0) or deflated (8), checked to be
    /// `size` bytes with the checksum `crc`.
    private static func unpacked(
        _ data: ArraySlice<UInt8>, method: UInt16, size: UInt64, crc: UInt32
    ) throws(Refusal) -> [UInt8] {
        let unpackedBytes: [UInt8]
        switch method {
        case 0:
            guard UInt64(data.count) == size else {
                throw Refusal("it is stored in \(data.count) bytes, not its \(size)")
            }
            unpackedBytes = Array(data)
        case 8:
            do {
                unpackedBytes = try Inflation.inflate(data, limit: Int(size))
            } catch .tooLarge {
                throw Refusal("it unpacks to more than the \(size) bytes it declares")
            } catch {
                throw Refusal("its compressed data is damaged")
            }
        default:
            throw Refusal("it is compressed by method \(method), not stored or deflated")
        }
        guard unpackedBytes.count == Int(size) else {
            throw Refusal("it unpacks to \(unpackedBytes.count) bytes, not \(size)")
        }
        guard CRC32.checksum(unpackedBytes) == crc else {
            throw Refusal("its checksum does not match: it is damaged")
        }
        return unpackedBytes
    }

    /// Whether `name` is what macOS adds beside a file it archives.
    static func isResourceFork(_ name: String) -> Bool {
        name.hasPrefix("__MACOSX/")
            || name.split(separator: "/", omittingEmptySubsequences: false).last?.hasPrefix("._")
                == true
    }

    /// The entry's data, after its local header, within the bytes before the directory.
    private static func data(
        in bytes: [UInt8], at localOffset: UInt64, packedSize: UInt64, before limit: Int
    ) throws(Refusal) -> ArraySlice<UInt8> {
        guard localOffset <= UInt64(limit), Int(localOffset) + 30 <= limit,
            bytes.uint32(at: Int(localOffset)) == 0x0403_4B50
        else { throw Refusal("its local header is missing") }
        let start = Int(localOffset)
        let dataStart =
            start + 30 + Int(bytes.uint16(at: start + 26)) + Int(bytes.uint16(at: start + 28))
        guard packedSize <= UInt64(limit), dataStart + Int(packedSize) <= limit else {
            throw Refusal("its data runs past the end of the file")
        }
        return bytes[dataStart..<dataStart + Int(packedSize)]
    }

    /// Where the central directory is, and how many entries it lists: from the end of central
    /// directory record, the last 22 bytes but a comment of up to 65,535, and ZIP64's.
    private static func directory(of bytes: [UInt8]) throws(Refusal) -> (
        start: Int, end: Int, count: Int
    ) {
        guard bytes.count >= 22 else { throw Refusal("it is not a ZIP file") }
        var end = bytes.count - 22
        let earliest = max(0, bytes.count - 22 - 0xFFFF)
        while end >= earliest {
            if bytes.uint32(at: end) == 0x0605_4B50,
                end + 22 + Int(bytes.uint16(at: end + 20)) == bytes.count
            {
                break
            }
            end -= 1
        }
        guard end >= earliest else { throw Refusal("it is not a ZIP file") }
        guard bytes.uint16(at: end + 4) == 0, bytes.uint16(at: end + 6) == 0 else {
            throw Refusal("it is one part of a ZIP file split over several")
        }
        var count = UInt64(bytes.uint16(at: end + 10))
        var size = UInt64(bytes.uint32(at: end + 12))
        var start = UInt64(bytes.uint32(at: end + 16))
        var recordStart = end
        // ZIP64: a locator just before, pointing at the ZIP64 end record.
        if end >= 20, bytes.uint32(at: end - 20) == 0x0706_4B50 {
            let zip64 = bytes.uint64(at: end - 12)
            // The ZIP64 end record (56 bytes) lies before the locator (20).
            guard end >= 20 + 56, zip64 <= UInt64(end - 20 - 56),
                bytes.uint32(at: Int(zip64)) == 0x0606_4B50
            else { throw Refusal("its ZIP64 records are damaged") }
            count = bytes.uint64(at: Int(zip64) + 32)
            size = bytes.uint64(at: Int(zip64) + 40)
            start = bytes.uint64(at: Int(zip64) + 48)
            recordStart = Int(zip64)
        }
        guard start <= UInt64(recordStart), size <= UInt64(recordStart) - start,
            count <= size / 46
        else { throw Refusal("its central directory is damaged") }
        return (Int(start), Int(start + size), Int(count))
    }
}

extension Array where Element == UInt8 {
    fileprivate func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    fileprivate func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }

    fileprivate func uint64(at offset: Int) -> UInt64 {
        UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
}
