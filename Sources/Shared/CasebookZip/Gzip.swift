import CZlib

/// Bytes compressed by zlib into a gzip member (RFC 1952), as an HTTP answer's
/// `Content-Encoding: gzip` carries them.
public enum Gzip {
    /// `bytes` compressed at zlib's default level; nil if zlib fails (it does not for memory
    /// it could allocate).
    public static func compressed(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var stream = z_stream()
        // 15 + 16: the largest window, with a gzip header and trailer.
        guard
            deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY,
                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var input = Array(bytes)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
        let status = stream.finish(&input, into: &output) { deflate($0, Z_FINISH) }
        guard status == Z_STREAM_END else { return nil }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }
}
