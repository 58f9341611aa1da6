import CZlib

/// Raw deflate (RFC 1951, as a ZIP entry holds it) a piece at a time, in zlib: what
/// `ZipWriter`'s streamed entries are compressed with, so that an export of a million rows
/// never holds more than a piece and zlib's window. Used by one writer at a time.
final class DeflateStream: @unchecked Sendable {
    private var stream = z_stream()
    private var open = false

    /// A stream at zlib's fastest level (1): an export is a file made to be opened at once,
    /// where time counts more than a few bytes; nil if zlib cannot start one.
    init?() {
        // -15: the largest window, with no zlib header or trailer.
        guard
            deflateInit2_(
                &stream, Z_BEST_SPEED, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        open = true
    }

    deinit { if open { deflateEnd(&stream) } }

    /// What `bytes` compress to so far (zlib may keep some back until later pieces).
    func add(_ bytes: [UInt8]) -> [UInt8] { run(bytes, flush: Z_NO_FLUSH) }

    /// The rest of the compressed stream.
    func finish() -> [UInt8] { run([], flush: Z_FINISH) }

    private func run(_ bytes: [UInt8], flush: Int32) -> [UInt8] {
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            repeat {
                let written = chunk.withUnsafeMutableBufferPointer { target -> Int in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    _ = deflate(&stream, flush)
                    return target.count - Int(stream.avail_out)
                }
                output += chunk.prefix(written)
            } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
        }
        return output
    }
}
