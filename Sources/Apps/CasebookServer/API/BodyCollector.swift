import Hummingbird
import NIOCore

/// Reads a response's body into one buffer, as a server would write it.
final class BodyCollector: ResponseBodyWriter {
    private var buffer = ByteBuffer()

    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.buffer
    }

    func write(_ part: ByteBuffer) async throws {
        var part = part
        buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
