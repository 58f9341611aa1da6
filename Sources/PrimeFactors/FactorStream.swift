/// Factors numbers given as arguments or read from a byte stream, writing GNU `factor` output.
///
/// Output is buffered (one write per 64 KiB, not per line) and flushed before every read, so an
/// interactive user sees each answer while a pipe gets large writes. Input is read in chunks, so
/// memory stays constant however long the stream is. An invalid token is reported on the
/// diagnostics stream and factoring carries on.
public struct FactorStream<Output: ByteWriting, Diagnostics: ByteWriting> {
    private static var bufferSize: Int { 64 * 1024 }

    /// Bytes waiting to be written, in one allocation that never moves.
    private final class OutputBuffer {
        let bytes: UnsafeMutablePointer<UInt8>
        var count = 0

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
    /// Scratch space for each number's factors, reused.
    private var factors: [UInt64] = []
    /// Whether any token so far was not a valid number.
    public private(set) var sawInvalidInput = false

    public init(output: Output, diagnostics: Diagnostics, commandName: String) {
        self.output = output
        self.diagnostics = diagnostics
        self.commandName = commandName
        factors.reserveCapacity(64)
    }

    /// Factors one command-line argument.
    public mutating func factor(argument: String) throws {
        var argument = argument
        try argument.withUTF8 { try factor(token: UnsafeRawBufferPointer($0)) }
    }

    /// Factors every token of `input` (separated by spaces, tabs and newlines) until it ends.
    public mutating func factor(from input: inout some ByteReading) throws {
        let chunk = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Self.bufferSize, alignment: 1)
        defer { chunk.deallocate() }
        var token: [UInt8] = []
        while true {
            try flush()
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

    /// Writes out everything buffered so far.
    public mutating func flush() throws {
        guard pending.count > 0 else { return }
        try output.write(UnsafeRawBufferPointer(start: pending.bytes, count: pending.count))
        pending.count = 0
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
            factors.removeAll(keepingCapacity: true)
            appendPrimeFactors(of: number, to: &factors)
            pending.count += FactorLine.write(
                number, factors: factors, to: pending.bytes + pending.count)
            if pending.count >= Self.bufferSize { try flush() }
            return
        }
        // GNU reads a token as a C string: a NUL ends it. Only a token that is not a number can
        // hold one, so numbers never pay for looking.
        if let nul = token.firstIndex(of: 0) {
            return try factor(token: UnsafeRawBufferPointer(rebasing: token[..<nul]))
        }
        sawInvalidInput = true
        try flush()
        let error = InvalidFactorInput(bytes: token)
        let message = Array("\(commandName): \(error)\n".utf8)
        try message.withUnsafeBytes { try diagnostics.write($0) }
    }
}
