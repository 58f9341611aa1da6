import Logging
import PostgresNIO

/// Which of a database URL's hosts to use, found as libpq finds it: each host in turn, on a
/// connection of its own, until one is of the kind `target_session_attrs` asks for —
/// `read-write`: its sessions accept writes (`transaction_read_only` is off); `primary`: it is
/// not in recovery; `any`: it answers. When none will do, the error names every host tried
/// and why each was passed over.
public enum PostgresHostWalk {
    /// The URL for the first fitting host alone; the URL itself when it has one host and asks
    /// for any server (nothing to choose, and no connection made).
    /// - Throws: `PostgresStartError` naming every host tried.
    public static func choose(
        _ url: DatabaseURL, within timeout: Duration = .seconds(5),
        logger: Logger = PostgresDatabase.quietLogger
    ) async throws(PostgresStartError) -> DatabaseURL {
        if url.otherEndpoints.isEmpty, url.targetSessionAttributes == .any { return url }
        var passedOver: [String] = []
        for endpoint in url.endpoints {
            let single = url.only(endpoint)
            do {
                guard let unfit = try await whyUnfit(single, within: timeout, logger: logger)
                else { return single }
                passedOver.append("\(endpoint.address) (\(unfit))")
            } catch {
                passedOver.append("\(endpoint.address) (\(PostgresFailure.reason(error)))")
            }
        }
        let wanted =
            switch url.targetSessionAttributes {
            case .any: "answers"
            case .readWrite: "accepts writes"
            case .primary: "is a primary"
            }
        throw PostgresStartError(
            url: url, problem: "no host \(wanted): " + passedOver.joined(separator: ", "))
    }

    /// Whether the one host of `url` answers a query within `timeout` and is of the kind `url`
    /// asks for: the check a running database makes of the host it uses before walking away
    /// from it, and `/health`'s.
    public static func isFit(
        _ url: DatabaseURL, within timeout: Duration = .seconds(5),
        logger: Logger = PostgresDatabase.quietLogger
    ) async -> Bool {
        do {
            return try await whyUnfit(url, within: timeout, logger: logger) == nil
        } catch {
            return false
        }
    }

    /// Why the one host of `url` is not of the kind `url` asks for, on a connection of its own
    /// within `timeout`; nil when it is.
    private static func whyUnfit(_ url: DatabaseURL, within timeout: Duration, logger: Logger)
        async throws -> String?
    {
        let kind = url.targetSessionAttributes
        return try await PostgresDeadline.run(within: timeout) {
            let connection = try await PostgresConnection.connect(
                configuration: try url.connectionConfiguration(), id: 2, logger: logger)
            defer { Task { try? await connection.close() } }
            return try await Self.whyUnfit(connection, for: kind)
        }
    }

    /// Why the server on `connection` is not of the kind asked for; nil when it is.
    private static func whyUnfit(
        _ connection: PostgresConnection, for kind: DatabaseURL.TargetSessionAttributes
    ) async throws -> String? {
        switch kind {
        case .any:
            _ = try await PostgresDatabase.single(Int32.self, "SELECT 1", on: connection)
            return nil
        case .readWrite:
            let readOnly = try await PostgresDatabase.single(
                String.self, "SHOW transaction_read_only", on: connection)
            return readOnly == "off" ? nil : "its sessions are read-only"
        case .primary:
            let recovering = try await PostgresDatabase.single(
                Bool.self, "SELECT pg_is_in_recovery()", on: connection)
            return recovering ? "a standby, in recovery" : nil
        }
    }
}
