import CasebookTestSupport
import CasebookZip
import Foundation
import Testing

/// Reading a ZIP file as hostile input: what `ZipWriter` and Python's `zipfile` write reads
/// back; a damaged, split, encrypted or oversized file or entry is refused, naming why, and a
/// bomb never unpacks past its limits.
@Suite("Reading a ZIP file")
struct ZipReaderTests {
    let limits = ZipReader.Limits(mostEntries: 10, mostEntryBytes: 1_000, mostBytes: 2_000)

    func written(_ entries: [(String, [UInt8])]) throws -> [UInt8] {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_795_601_600))
        var bytes: [UInt8] = []
        for (name, contents) in entries {
            bytes += try writer.entry(named: name, contents: contents)
        }
        return bytes + writer.finish()
    }

    /// A ZIP file Python's `zipfile` writes, its entries deflated (`files` as name and text).
    func byPython(_ files: [(String, String)], compression: String = "ZIP_DEFLATED") throws
        -> [UInt8]
    {
        let folder = FileManager.default.temporaryDirectory.appending(path: "zip-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let listing = folder.appending(path: "files.json")
        try JSONSerialization.data(withJSONObject: files.map { [$0.0, $0.1] }).write(to: listing)
        let python = Process()
        python.executableURL = try PythonInterpreter.url
        python.arguments = [
            "-c",
            """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[2], 'w', zipfile.\(compression)) as z:
                for name, text in json.load(open(sys.argv[1])):
                    z.writestr(name, text)
            """, listing.path, folder.appending(path: "out.zip").path,
        ]
        try ProcessLaunch.runToExit(python)
        return Array(try Data(contentsOf: folder.appending(path: "out.zip")))
    }

    func contents(_ entries: [ZipReader.Entry]) -> [String] {
        entries.map { entry in
            switch entry.contents {
            case .success(let bytes): "\(entry.name): \(String(decoding: bytes, as: UTF8.self))"
            case .failure(let refusal): "\(entry.name): refused: \(refusal)"
            }
        }
    }

    @Test func readsWhatItsWriterWrites() throws {
        let bytes = try written([("a.yaml", Array("id: a\n".utf8)), ("Łódź/b.yaml", [])])
        #expect(
            contents(try ZipReader.entries(in: bytes, limits: limits)) == [
                "a.yaml: id: a\n", "Łódź/b.yaml: ",
            ])
    }

    @Test func readsDeflatedEntriesAndSkipsFoldersAndMacOSForks() throws {
        let text = String(repeating: "name: Ada Okafor\n", count: 40)
        let bytes = try byPython([
            ("forms/", ""), ("forms/a.yaml", text), ("__MACOSX/forms/._a.yaml", "fork"),
            ("forms/._b.yaml", "fork"), ("b.yaml", "id: b\n"),
        ])
        #expect(
            contents(try ZipReader.entries(in: bytes, limits: limits)) == [
                "forms/a.yaml: \(text)", "b.yaml: id: b\n",
            ])
    }

    @Test func readsZip64() throws {
        let entries = (0..<70_000).map { ("r\($0).yaml", Array("id: \($0)\n".utf8)) }
        let read = try ZipReader.entries(
            in: try written(entries),
            limits: .init(mostEntries: 70_000, mostEntryBytes: 100, mostBytes: 1_000_000))
        #expect(read.count == 70_000)
        #expect(contents([read[69_999]]) == ["r69999.yaml: id: 69999\n"])
    }

    @Test(arguments: [
        ([UInt8](), "it is not a ZIP file"),
        (Array("not a zip file at all, just text that goes on".utf8), "it is not a ZIP file"),
    ])
    func refusesWhatIsNoZipFile(bytes: [UInt8], why: String) {
        #expect(throws: ZipReader.Refusal.self) { try ZipReader.entries(in: bytes, limits: limits) }
        do {
            _ = try ZipReader.entries(in: bytes, limits: limits)
        } catch {
            #expect(error.description == why)
        }
    }

    /// A ZIP64 locator too near the start of the file to follow a ZIP64 end record (found by
    /// fuzzing): refused as damaged, not a crash.
    @Test func aZip64LocatorWithNoRoomForItsRecordIsDamaged() {
        var bytes = Array("PK\u{03}\u{04}".utf8) + [UInt8](repeating: 0x37, count: 16)
        bytes += [0x50, 0x4B, 0x06, 0x07] + [UInt8](repeating: 0x37, count: 16)
        bytes += [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
        do {
            _ = try ZipReader.entries(in: bytes, limits: limits)
            Issue.record("read")
        } catch {
            #expect(error.description == "its ZIP64 records are damaged")
        }
    }

    /// A directory whose entries all point at one blob (each read would copy it again: a
    /// file of 64 MiB read 10,000 times over) is refused as a whole, at once.
    @Test func entriesThatShareTheirBytesAreRefused() throws {
        var writer = ZipWriter(modified: Date(timeIntervalSince1970: 1_795_601_600))
        let blob = [UInt8](repeating: 0x41, count: 4_000)
        let local = try writer.entry(named: "a.yaml", contents: blob)
        let directory = writer.finish()
        // The directory's one entry, then copies of it, each pointing at offset 0.
        let header = Array(directory.prefix(46 + "a.yaml".utf8.count))
        var bytes = local
        let start = bytes.count
        for _ in 0..<9 { bytes += header }
        var end = Array(directory.suffix(22))
        end.replaceSubrange(8..<10, with: [9, 0])
        end.replaceSubrange(10..<12, with: [9, 0])
        let size = UInt32(9 * header.count)
        end.replaceSubrange(12..<16, with: withUnsafeBytes(of: size.littleEndian, Array.init))
        end.replaceSubrange(
            16..<20, with: withUnsafeBytes(of: UInt32(start).littleEndian, Array.init))
        bytes += end
        do {
            _ = try ZipReader.entries(
                in: bytes,
                limits: .init(mostEntries: 100, mostEntryBytes: 10_000, mostBytes: 1_000_000))
            Issue.record("read")
        } catch {
            #expect(error.description == "its entries overlap")
        }
    }

    @Test func refusesMoreEntriesThanAllowed() throws {
        let bytes = try written((0..<11).map { ("r\($0).yaml", []) })
        do {
            _ = try ZipReader.entries(in: bytes, limits: limits)
            Issue.record("read")
        } catch {
            #expect(error.description == "it holds more than 10 files")
        }
    }

    /// A bomb: entries that declare more than allowed, or unpack to more than they declare,
    /// are refused without unpacking further; the entries that fit are read.
    @Test func refusesEntriesLargerThanAllowedAndNeverUnpacksPastThem() throws {
        let zeros = String(repeating: "0", count: 1_500)
        let bytes = try byPython([("big.yaml", zeros), ("a.yaml", "id: a\n")])
        #expect(
            contents(try ZipReader.entries(in: bytes, limits: limits)) == [
                "big.yaml: refused: it is larger than 1000 bytes", "a.yaml: id: a\n",
            ])
        // The same entry, its declared size lowered to 800 in both headers: it unpacks past it.
        var lying = bytes
        Self.replace(
            UInt32(1_500), with: UInt32(800), in: &lying, afterSignature: 0x0201_4B50, at: 24)
        #expect(
            contents(try ZipReader.entries(in: lying, limits: limits)).first
                == "big.yaml: refused: it unpacks to more than the 800 bytes it declares")
        let many = try byPython((0..<3).map { ("r\($0).yaml", String(repeating: "x", count: 900)) })
        #expect(
            contents(try ZipReader.entries(in: many, limits: limits)).last
                == "r2.yaml: refused: the files before it fill the 2000 bytes allowed")
    }

    /// An entry whose ZIP64 extra field declares a compressed size of 2^64 − 1 is refused as
    /// running past the file; the sizes of the entries before it are not summed past it.
    @Test func refusesAZip64SizeAtItsLargestAndReadsTheOthers() throws {
        let bytes = Self.handMade([
            (name: "a.yaml", data: Array("id: a\n".utf8), widePackedSize: nil),
            (name: "b.yaml", data: Array("id: b\n".utf8), widePackedSize: UInt64.max),
            (name: "c.yaml", data: Array("id: c\n".utf8), widePackedSize: UInt64.max - 5),
        ])
        #expect(
            contents(try ZipReader.entries(in: bytes, limits: limits)) == [
                "a.yaml: id: a\n", "b.yaml: refused: its data runs past the end of the file",
                "c.yaml: refused: its data runs past the end of the file",
            ])
    }

    /// Inflated bytes count against the whole file's limit whether the entry is kept or
    /// refused: entries that unpack and then fail their checksum use it up too.
    @Test func entriesThatFailTheirChecksumCountAgainstTheLimit() throws {
        var bytes = try byPython(
            (0..<3).map { ("r\($0).yaml", String(repeating: "x", count: 900)) })
        let mark: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        var damaged = 0
        for start in 0...(bytes.count - 4)
        where Array(bytes[start..<start + 4]) == mark && damaged < 2 {
            bytes[start + 16] ^= 0xFF  // the CRC-32 in the central directory
            damaged += 1
        }
        #expect(
            contents(try ZipReader.entries(in: bytes, limits: limits)) == [
                "r0.yaml: refused: its checksum does not match: it is damaged",
                "r1.yaml: refused: its checksum does not match: it is damaged",
                "r2.yaml: refused: the files before it fill the 2000 bytes allowed",
            ])
    }

    @Test func refusesADamagedEntryAndReadsTheOthers() throws {
        var bytes = try written([
            ("a.yaml", Array("id: a\n".utf8)), ("b.yaml", Array("id: b\n".utf8)),
        ])
        bytes[30 + 6] = UInt8(ascii: "A")  // a's data, after its 30-byte header and name
        #expect(
            contents(try ZipReader.entries(in: bytes, limits: limits)) == [
                "a.yaml: refused: its checksum does not match: it is damaged", "b.yaml: id: b\n",
            ])
        var encrypted = try written([("a.yaml", Array("id: a\n".utf8))])
        Self.replace(
            UInt16(0x0800), with: UInt16(0x0801), in: &encrypted, afterSignature: 0x0201_4B50, at: 8
        )
        #expect(
            contents(try ZipReader.entries(in: encrypted, limits: limits)) == [
                "a.yaml: refused: it is encrypted"
            ])
        let stored = try byPython([("a.yaml", "id: a\n")], compression: "ZIP_BZIP2")
        #expect(
            contents(try ZipReader.entries(in: stored, limits: limits)) == [
                "a.yaml: refused: it is compressed by method 12, not stored or deflated"
            ])
    }

    /// Any cut of a ZIP file is refused, or read, without a crash.
    @Test func everyTruncationIsRefusedOrRead() throws {
        let bytes = try byPython([("a.yaml", "id: a\nname: Ada\n"), ("b.yaml", "id: b\n")])
        for length in 0..<bytes.count {
            _ = try? ZipReader.entries(in: Array(bytes.prefix(length)), limits: limits)
            _ = try? ZipReader.entries(in: Array(bytes.suffix(length)), limits: limits)
        }
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            var damaged = bytes
            for _ in 0..<3 {
                damaged[Int(generator.next() % UInt64(damaged.count))] = UInt8(
                    truncatingIfNeeded: generator.next())
            }
            _ = try? ZipReader.entries(in: damaged, limits: limits)
        }
    }

    /// A ZIP file of stored entries, written byte by byte: an entry with `widePackedSize`
    /// has 0xFFFFFFFF as its compressed size in the central directory and that size in a ZIP64
    /// extra field.
    static func handMade(_ entries: [(name: String, data: [UInt8], widePackedSize: UInt64?)])
        -> [UInt8]
    {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian, Array.init)
        }
        var local: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let offset = UInt32(local.count)
            let name = Array(entry.name.utf8)
            let crc = CRC32.checksum(entry.data)
            let size = UInt32(entry.data.count)
            local += le(UInt32(0x0403_4B50)) + le(UInt16(20)) + le(UInt16(0)) + le(UInt16(0))
            local += le(UInt32(0)) + le(crc) + le(size) + le(size)
            local += le(UInt16(name.count)) + le(UInt16(0)) + name + entry.data
            let extra = entry.widePackedSize.map { le(UInt16(1)) + le(UInt16(8)) + le($0) } ?? []
            central += le(UInt32(0x0201_4B50)) + le(UInt16(45)) + le(UInt16(20)) + le(UInt16(0))
            central += le(UInt16(0)) + le(UInt32(0)) + le(crc)
            central += le(entry.widePackedSize == nil ? size : 0xFFFF_FFFF) + le(size)
            central += le(UInt16(name.count)) + le(UInt16(extra.count)) + le(UInt16(0))
            central += le(UInt16(0)) + le(UInt16(0)) + le(UInt32(0)) + le(offset) + name + extra
        }
        let count = UInt16(entries.count)
        let end =
            le(UInt32(0x0605_4B50)) + le(UInt16(0)) + le(UInt16(0)) + le(count) + le(count)
            + le(UInt32(central.count)) + le(UInt32(local.count)) + le(UInt16(0))
        return local + central + end
    }

    /// Replaces the little-endian `old` at `offset` after the first `signature` in `bytes` (for
    /// the central directory's, in the first entry's local header too).
    static func replace<T: FixedWidthInteger>(
        _ old: T, with new: T, in bytes: inout [UInt8], afterSignature signature: UInt32,
        at offset: Int
    ) {
        let mark = withUnsafeBytes(of: signature.littleEndian, Array.init)
        guard
            let start = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == mark })
        else { return }
        let size = MemoryLayout<T>.size
        let field = start + offset
        #expect(
            Array(bytes[field..<field + size]) == withUnsafeBytes(of: old.littleEndian, Array.init))
        bytes.replaceSubrange(
            field..<field + size, with: withUnsafeBytes(of: new.littleEndian, Array.init))
        if signature == 0x0201_4B50 {
            // The first entry's local header, at 0, holds the same field 2 bytes earlier.
            bytes.replaceSubrange(
                field - start - 2..<field - start - 2 + size,
                with: withUnsafeBytes(of: new.littleEndian, Array.init))
        }
    }
}
