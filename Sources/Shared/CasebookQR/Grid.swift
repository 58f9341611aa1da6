/// A QR code's modules as they are laid out: the function patterns (finders, timing,
/// alignment, format and version information) and the data around them, then masked.
struct Grid {
    let version: Int
    let size: Int
    /// Row by row: true is dark.
    var modules: [[Bool]]
    /// Which modules are function patterns, never data nor masked.
    var isFunction: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
    }

    private mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y][x] = dark
        isFunction[y][x] = true
    }

    mutating func drawFunctionPatterns(correction: QRCode.Correction) {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        drawFinder(3, 3)
        drawFinder(size - 4, 3)
        drawFinder(3, size - 4)
        let positions = alignmentPositions()
        let last = positions.count - 1
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated()
            where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
                drawAlignment(x, y)
            }
        }
        // Reserved for now, written once the mask is chosen.
        drawFormatBits(correction: correction, mask: 0)
        drawVersion()
    }

    private mutating func drawFinder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let distance = max(abs(dx), abs(dy))
                let (column, row) = (x + dx, y + dy)
                if (0..<size).contains(column), (0..<size).contains(row) {
                    set(column, row, distance != 2 && distance != 4)
                }
            }
        }
    }

    private mutating func drawAlignment(_ x: Int, _ y: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The centres of the alignment patterns along each axis.
    func alignmentPositions() -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var result = [6]
        for index in 0..<(count - 1) { result.append(size - 7 - (count - 2 - index) * step) }
        return result
    }

    mutating func drawFormatBits(correction: QRCode.Correction, mask: Int) {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            set(a, b, dark)
            set(b, a, dark)
        }
    }

    /// The codewords' bits in the standard's zigzag, two columns at a time from the right.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    if !isFunction[y][x], index < codewords.count * 8 {
                        modules[y][x] = (codewords[index >> 3] >> (7 - (index & 7))) & 1 == 1
                        index += 1
                    }
                }
            }
            right -= 2
        }
    }

    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] {
                let invert =
                    switch mask {
                    case 0: (x + y) % 2 == 0
                    case 1: y % 2 == 0
                    case 2: x % 3 == 0
                    case 3: (x + y) % 3 == 0
                    case 4: (x / 3 + y / 2) % 2 == 0
                    case 5: x * y % 2 + x * y % 3 == 0
                    case 6: (x * y % 2 + x * y % 3) % 2 == 0
                    default: ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                if invert { modules[y][x].toggle() }
            }
        }
    }

    /// The standard's penalty: long runs of one colour, 2×2 blocks, patterns that look like a
    /// finder's, and a dark share far from half.
    func penalty() -> Int {
        var total = 0
        let columns = (0..<size).map { x in modules.map { $0[x] } }
        for line in modules + columns {
            var run = 1
            for index in 1..<size {
                if line[index] == line[index - 1] {
                    run += 1
                } else {
                    if run >= 5 { total += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { total += run - 2 }
            total += Self.finderLikeCount(line) * 40
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y][x]
                if colour == modules[y][x + 1], colour == modules[y + 1][x],
                    colour == modules[y + 1][x + 1]
                {
                    total += 3
                }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let all = size * size
        // Each 5 % of the modules that the dark share is away from half costs 10.
        let steps = (abs(dark * 20 - all * 10) + all - 1) / all - 1
        total += max(0, steps) * 10
        return total
    }

    /// The finder's pattern, dark-light-dark×3-light-dark, with four light modules after it.
    private static let finderLike: [Bool] = [
        true, false, true, true, true, false, true, false, false, false, false,
    ]

    /// How often `line` holds the finder-like pattern, or it backwards (four light first).
    static func finderLikeCount(_ line: [Bool]) -> Int {
        guard line.count >= 11 else { return 0 }
        var count = 0
        for start in 0...(line.count - 11) {
            var forward = true
            var backward = true
            for offset in 0..<11 {
                let module = line[start + offset]
                if module != finderLike[offset] { forward = false }
                if module != finderLike[10 - offset] { backward = false }
                if !forward && !backward { break }
            }
            if forward { count += 1 }
            if backward { count += 1 }
        }
        return count
    }
}
