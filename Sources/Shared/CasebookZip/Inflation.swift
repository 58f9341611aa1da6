import CZlib

/// Raw DEFLATE data (RFC 1951, as a ZIP's method 8 holds it) inflated by zlib into at most a
/// given number of bytes: more is refused rather than written, so that a small entry cannot
/// unpack into gigabytes.
enum Inflation {
    enum Failure: Error, Equatable {
        /// The data inflates to more than the bytes allowed.
        case tooLarge
        /// The data is not DEFLATE data, or ends before its last block.
        case damaged
    }

    /// The bytes `deflated` inflates to, at most `limit` of them.
    static func inflate(_ deflated: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // -15: a raw stream, no zlib header, the largest window.
        guard
            inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { throw .damaged }
        defer { inflateEnd(&stream) }
        // One byte more than allowed, to tell "exactly the limit" from "more than it".
        var output = [UInt8](repeating: 0, count: limit + 1)
        var input = Array(deflated)
        let status = stream.finish(&input, into: &output) { CZlib.inflate($0, Z_FINISH) }
        let written = Int(stream.total_out)
        guard written <= limit else { throw .tooLarge }
        guard status == Z_STREAM_END else { throw .damaged }
        output.removeLast(output.count - written)
        return output
    }
}
