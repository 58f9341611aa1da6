import CZlib

extension z_stream {
    /// Runs one zlib call (`inflate` or `deflate` with `Z_FINISH`) over all of `input` into
    /// `output`, and returns its status; `total_out` then says how much of `output` it wrote.
    mutating func finish(
        _ input: inout [UInt8], into output: inout [UInt8],
        _ call: (UnsafeMutablePointer<z_stream>) -> Int32
    ) -> Int32 {
        input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                next_in = source.baseAddress
                avail_in = UInt32(source.count)
                next_out = target.baseAddress
                avail_out = UInt32(target.count)
                return call(&self)
            }
        }
    }
}
