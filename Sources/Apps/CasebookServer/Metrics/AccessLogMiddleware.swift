import CasebookJSON
import Foundation
import HTTPTypes
import Hummingbird

/// Gives every request an id — its `X-Request-Id` when that is 1 to 128 of letters, digits, `.`,
/// `_` and `-`, a new random one otherwise — echoed in the answer's `X-Request-Id` and put in the
/// request's logger's metadata (`request_id`), and writes one JSON line per request to the access
/// log, if there is one: time, request id, method, route (the pattern, never the path with its ids
/// or query), status, duration and user name. Never a token, a cookie or a password: nothing of the
/// request's headers but the id is read.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    let log: AccessLog?

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let id = request.headers[Self.header].flatMap(Self.sensible) ?? Self.newID()
        let started = Date()
        let clock = ContinuousClock.now
        let record = RequestRecord()
        // Whatever the server logs while answering carries the id too, so that its lines join
        // the access log's.
        var context = context
        context.logger[metadataKey: "request_id"] = "\(id)"
        let identified = context
        var response: Response
        do {
            response = try await RequestRecord.$current.withValue(record) {
                try await next(request, identified)
            }
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[Self.header] = id
        if let log {
            let elapsed = ContinuousClock.now - clock
            let milliseconds =
                Double(elapsed.components.seconds) * 1000
                + Double(elapsed.components.attoseconds) / 1e15
            var line: [String: JSONValue] = [
                "time": .string(Self.time(started)), "request_id": .string(id),
                "method": .string(request.method.rawValue),
                "route": .string(context.endpointPath ?? "unmatched"),
                "status": .integer(response.status.code),
                "duration_ms": .double((milliseconds * 1000).rounded() / 1000),
            ]
            if let user = record.user { line["user"] = .string(user) }
            log.write(String(decoding: JSONWriter.data(.object(line)), as: UTF8.self))
        }
        return response
    }

    static func sensible(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count),
            id.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x5F
                    || byte == 0x2D
            })
        else { return nil }
        return id
    }

    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in
            String(UInt8.random(in: .min ... .max, using: &generator), radix: 16)
        }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    /// `date` in UTC, ISO 8601 with milliseconds.
    static func time(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().dateSeparator(.dash).time(
                includingFractionalSeconds: true
            )
            .timeSeparator(.colon).timeZone(separator: .omitted))
    }
}
