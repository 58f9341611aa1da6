import BigInt

/// Factors numbers given as arguments or read from a byte stream, writing GNU `factor` output.
///
/// Output is buffered (one write per 16 KiB, not per line), and what is ready is written before
/// every read, so an interactive user sees each answer while a pipe gets large writes. Input is
/// read in chunks, so memory stays constant however long the stream is. An invalid token is
/// reported on the diagnostics stream and factoring carries on.
///
/// Lines come out in GNU's order, too. GNU `factor` keeps the lines of numbers below 2^127 in a
/// 512-byte buffer (written when a line ends with at least 512 bytes in it, up to the last line
/// that fits, or at exit; at once when standard input or output is a terminal), but writes the
/// line of a larger number at once: in a pipe, such a line can come out before the lines of
/// numbers given earlier. The stream keeps the bytes GNU would still hold apart, and puts such a
/// line before them.
public struct FactorStream<Output: ByteWriting, Diagnostics: ByteWriting> {
    private static var bufferSize: Int { 16 * 1024 }
    /// GNU's line buffer (`FACTOR_PIPE_BUF`).
    private static var gnuLineBufferSize: Int { 512 }

    /// Bytes waiting to be written, in one allocation that never moves.
    private final class OutputBuffer {
        let bytes: UnsafeMutablePointer<UInt8>
        var count = 0
        /// Where the bytes GNU would still hold in its line buffer begin; those before it are
        /// as good as written.
        var gnuHeldFrom = 0

        init(capacity: Int) {
            bytes = .allocate(capacity: capacity)
        }

        deinit {
            bytes.deallocate()
        }
    }

    private var output: Output
    private var diagnostics: Diagnostics
    private let commandName: String
    private let pending = OutputBuffer(capacity: bufferSize + FactorLine.maximumLength)
    /// Scratch space for the numbers' factors, reused.
    private var factors: [UInt64] = []
    /// How many factors the scratch space holds before it is cleared.
    private static var factorsKept: Int { 256 }
    /// Whether any token so far was not a valid number.
    public private(set) var sawInvalidInput = false
    /// Whether each line counts as written as soon as it is complete, as GNU does when standard
    /// input or output is a terminal (false: GNU's 512-byte line buffer, as for pipes and files).
    public var writesEachLine = false
    /// How numbers that need the quadratic sieve are worked on: its threads and progress.
    public var options = FactoringOptions()

    public init(output: Output, diagnostics: Diagnostics, commandName: String) {
        self.output = output
        self.diagnostics = diagnostics
        self.commandName = commandName
        factors.reserveCapacity(Self.factorsKept + 64)
    }

    /// Factors one command-line argument.
    public mutating func factor(argument: String) throws {
        var argument = argument
        try argument.withUTF8 { try factor(token: UnsafeRawBufferPointer($0)) }
    }

    /// Factors one command-line argument as the bytes it was given, which need not be UTF-8
    /// (a token that is not a number is then shown byte for byte, as GNU `factor` shows it).
    public mutating func factor(argumentBytes: [UInt8]) throws {
        try argumentBytes.withUnsafeBytes { try factor(token: $0) }
    }

    /// Factors every token of `input` (separated by spaces, tabs and newlines) until it ends.
    public mutating func factor(from input: inout some ByteReading) throws {
        let chunk = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Self.bufferSize, alignment: 1)
        defer { chunk.deallocate() }
        var token: [UInt8] = []
        while true {
            try flushWritten()
            let count = try input.read(into: chunk)
            if count == 0 { break }
            var start = 0
            for index in 0..<count where Self.isSeparator(chunk[index]) {
                try factor(
                    token: &token, ending: UnsafeRawBufferPointer(rebasing: chunk[start..<index]))
                start = index + 1
            }
            token.append(contentsOf: chunk[start..<count])
        }
        try factor(token: &token, ending: UnsafeRawBufferPointer(start: nil, count: 0))
        try flush()
    }

    /// Writes out everything buffered so far, as GNU does at exit.
    public mutating func flush() throws {
        pending.gnuHeldFrom = pending.count
        try flushWritten()
    }

    /// Writes out what GNU would have written by now, keeping what it would still hold.
    private mutating func flushWritten() throws {
        settleGNULineBuffer()
        let ready = pending.gnuHeldFrom
        guard ready > 0 else { return }
        try output.write(UnsafeRawBufferPointer(start: pending.bytes, count: ready))
        let held = pending.count - ready
        if held > 0 { (pending.bytes).update(from: pending.bytes + ready, count: held) }
        pending.count = held
        pending.gnuHeldFrom = 0
    }

    /// Brings `gnuHeldFrom` up to date with the lines added since it was last worked out. GNU
    /// writes its line buffer whenever a line ends with at least 512 bytes in it, up to the last
    /// newline in its first 512 bytes (every line at once at a terminal). Each such point
    /// depends only on the one before, so working them out only when they are needed (before a
    /// write, before a line GNU writes at once) gives the same points as doing it after every
    /// line, which cost a 64-bit number's line 1% more instructions.
    private mutating func settleGNULineBuffer() {
        if writesEachLine {
            pending.gnuHeldFrom = pending.count
            return
        }
        // Every buffered line is complete, so when 512 bytes are held, a line ends at or after
        // the 512th: GNU wrote up to the last newline before it (its lines are shorter).
        while pending.count - pending.gnuHeldFrom >= Self.gnuLineBufferSize {
            var end = pending.gnuHeldFrom + Self.gnuLineBufferSize - 1
            while pending.bytes[end] != UInt8(ascii: "\n") { end -= 1 }
            pending.gnuHeldFrom = end + 1
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }

    /// Factors the token made of the carried-over bytes `token` followed by `tail`, if any.
    private mutating func factor(token: inout [UInt8], ending tail: UnsafeRawBufferPointer) throws {
        if token.isEmpty {
            if !tail.isEmpty { try factor(token: tail) }
            return
        }
        token.append(contentsOf: tail)
        try token.withUnsafeBytes { try factor(token: $0) }
        token.removeAll(keepingCapacity: true)
    }

    private mutating func factor(token: UnsafeRawBufferPointer) throws {
        if let number = FactorInput.number(fromASCII: token) {
            // Each number's factors follow the last's; the scratch space is cleared now and then
            // rather than for every number (clearing cost a small number's line a twentieth of
            // its instructions).
            if factors.count > Self.factorsKept { factors.removeAll(keepingCapacity: true) }
            let first = factors.endIndex
            appendPrimeFactors(of: number, to: &factors)
            pending.count += FactorLine.write(
                number, factors: factors[first...], to: pending.bytes + pending.count)
            if pending.count >= Self.bufferSize { try flushWritten() }
            return
        }
        if let digits = FactorInput.digits(fromASCII: token) {
            return try factorWide(digits: digits)
        }
        // GNU reads a token as a C string: a NUL ends it. Only a token that is not a number can
        // hold one, so numbers never pay for looking.
        if let nul = token.firstIndex(of: 0) {
            return try factor(token: UnsafeRawBufferPointer(rebasing: token[..<nul]))
        }
        sawInvalidInput = true
        try flushWritten()
        let error = InvalidFactorInput(bytes: token)
        let message = Array("\(commandName): \(error)\n".utf8)
        try message.withUnsafeBytes { try diagnostics.write($0) }
    }

    /// Factors a number above 2^64 − 1 (`digits`: ASCII digits), and places its line where GNU
    /// would: in the line buffer below 2^127, written at once from 2^127 on.
    private mutating func factorWide(digits: UnsafeRawBufferPointer) throws {
        let line =
            Array(FactorLine.wideText(forDigits: digits, options: options).utf8)
            + [UInt8(ascii: "\n")]
        try flushWritten()
        if FactorLine.isWrittenAtOnceByGNU(digits: digits) {
            try line.withUnsafeBytes { try output.write($0) }
            return
        }
        line.withUnsafeBufferPointer {
            (pending.bytes + pending.count).update(from: $0.baseAddress!, count: $0.count)
        }
        pending.count += line.count
    }
}
