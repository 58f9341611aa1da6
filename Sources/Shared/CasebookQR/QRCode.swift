/// A QR code (ISO/IEC 18004) of some bytes, in byte mode, at the smallest version (1 to 40)
/// that holds them at the error correction level asked for, with the mask that scores best by
/// the standard's penalty rules.
///
/// Written here rather than taken from a library: no QR encoder is among the Swift packages
/// this project can depend on, and a C library (libqrencode) would make every machine that
/// builds the server install it first, for one image. The tests read every version it makes
/// with a real decoder (zbarimg).
public struct QRCode: Sendable, Equatable {
    /// How much of the code may be damaged and still read: about 7, 15, 25 or 30 %.
    public enum Correction: Int, CaseIterable, Sendable {
        case low, medium, quartile, high

        /// The two bits the format information gives it.
        var formatBits: Int { [1, 0, 3, 2][rawValue] }
    }

    /// 1 to 40: a version-`n` code is 17 + 4n modules a side.
    public let version: Int
    public let correction: Correction
    /// The mask applied, 0 to 7.
    public let mask: Int
    /// Its modules, row by row: true is dark.
    public let modules: [[Bool]]

    /// Modules a side.
    public var size: Int { modules.count }

    /// What is wrong: the bytes do not fit a version-40 code at that level.
    public struct TooLong: Error, Equatable, CustomStringConvertible {
        public let bytes: Int
        public let most: Int
        public var description: String {
            "\(bytes) bytes do not fit a QR code (at most \(most) at this level)"
        }
    }

    /// The code of `bytes`.
    /// - Throws: `TooLong` when no version holds them.
    public init(bytes: [UInt8], correction: Correction = .medium) throws(TooLong) {
        guard
            let version = (1...40).first(where: { Self.fits(bytes.count, version: $0, correction) })
        else {
            throw TooLong(bytes: bytes.count, most: Self.capacity(version: 40, correction))
        }
        let codewords = Self.withCorrection(
            Self.dataCodewords(bytes, version: version, correction), version: version, correction)
        var grid = Grid(version: version)
        grid.drawFunctionPatterns(correction: correction)
        grid.drawCodewords(codewords)
        var best: (mask: Int, penalty: Int, modules: [[Bool]])?
        for mask in 0..<8 {
            var masked = grid
            masked.applyMask(mask)
            masked.drawFormatBits(correction: correction, mask: mask)
            let penalty = masked.penalty()
            if best == nil || penalty < best!.penalty { best = (mask, penalty, masked.modules) }
        }
        self.version = version
        self.correction = correction
        self.mask = best!.mask
        self.modules = best!.modules
    }

    /// The code of `text`'s UTF-8 bytes.
    public init(text: String, correction: Correction = .medium) throws(TooLong) {
        try self.init(bytes: Array(text.utf8), correction: correction)
    }

    /// The most bytes a version holds at a level.
    public static func capacity(version: Int, _ correction: Correction) -> Int {
        (dataCodewordCount(version: version, correction) * 8 - 4 - countBits(version)) / 8
    }

    /// As SVG: a square of `moduleSize` user units a module, with the standard's four modules
    /// of quiet zone around it, dark modules as one path.
    public func svg(title: String) -> String {
        let quiet = 4
        let side = size + 2 * quiet
        var path = ""
        for (y, row) in modules.enumerated() {
            var x = 0
            while x < size {
                guard row[x] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size, row[x] { x += 1 }
                path += "M\(start + quiet) \(y + quiet)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" \
            width="\(side * 8)" height="\(side * 8)" shape-rendering="crispEdges" role="img">\
            <title>\(Self.escaped(title))</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>

            """
    }

    /// `text` for XML character data.
    static func escaped(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default: output.append(character)
            }
        }
        return output
    }

    // MARK: Codewords

    static func countBits(_ version: Int) -> Int { version < 10 ? 8 : 16 }

    static func fits(_ count: Int, version: Int, _ correction: Correction) -> Bool {
        count <= capacity(version: version, correction)
    }

    /// The modules that carry data and correction, as the standard counts them.
    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCodewordCount(version: Int, _ correction: Correction) -> Int {
        rawDataModules(version) / 8 - Self.eccCodewordsPerBlock[correction.rawValue][version]
            * Self.errorCorrectionBlocks[correction.rawValue][version]
    }

    /// The bytes as a byte-mode segment, ended and padded to the version's data codewords.
    static func dataCodewords(_ bytes: [UInt8], version: Int, _ correction: Correction)
        -> [UInt8]
    {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) {
                bits.append((value >> shift) & 1 == 1)
            }
        }
        append(0b0100, 4)
        append(bytes.count, countBits(version))
        for byte in bytes { append(Int(byte), 8) }
        let capacity = dataCodewordCount(version: version, correction) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count * 8 < capacity {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// The data split into the version's blocks, each with its Reed–Solomon codewords, then
    /// interleaved as the standard lays them out.
    static func withCorrection(_ data: [UInt8], version: Int, _ correction: Correction)
        -> [UInt8]
    {
        let blockCount = errorCorrectionBlocks[correction.rawValue][version]
        let eccLength = eccCodewordsPerBlock[correction.rawValue][version]
        let raw = rawDataModules(version) / 8
        let shortBlocks = blockCount - raw % blockCount
        let shortLength = raw / blockCount
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var blocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[start..<start + length])
            start += length
            let ecc = ReedSolomon.remainder(of: block, divisor: divisor)
            if index < shortBlocks { block.append(0) }
            blocks.append(block + ecc)
        }
        var result: [UInt8] = []
        for column in 0..<blocks[0].count {
            for (index, block) in blocks.enumerated()
            where column != shortLength - eccLength || index >= shortBlocks {
                result.append(block[column])
            }
        }
        return result
    }

    /// Correction codewords in each block, by level and version.
    static let eccCodewordsPerBlock: [[Int]] = [
        [
            -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28,
            28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Blocks, by level and version.
    static let errorCorrectionBlocks: [[Int]] = [
        [
            -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12,
            12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20,
            21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25,
            27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30,
            32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]
}
