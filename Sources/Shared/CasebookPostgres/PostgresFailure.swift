import Foundation
import NIOCore
import NIOPosix
import PostgresNIO
import _ConnectionPoolModule

/// What went wrong with PostgreSQL, in the words a person can act on: the server's own message
/// (with its SQLSTATE) or why the connection failed, never the query's values or the password.
public enum PostgresFailure {
    /// `error`, said plainly.
    public static func reason(_ error: any Error) -> String {
        let error = innermost(error)
        if let connection = error as? NIOConnectionError { return reason(connection) }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let connection = error.underlying as? NIOConnectionError {
            return reason(connection)
        }
        if let underlying = error.underlying {
            return tlsReason(underlying) ?? "\(underlying)"
        }
        return words(error.code)
    }

    /// The driver's own failures in words: its names for them (`sslUnsupported`) say nothing
    /// to an operator.
    private static func words(_ code: PSQLError.Code) -> String {
        switch code {
        case .sslUnsupported:
            "the server does not offer TLS, which the URL's sslmode (require or verify-full) asks for"
        case .authMechanismRequiresPassword:
            "the server asks for a password, and none was given (in the URL, $PGPASSWORD or a password file)"
        case .unsupportedAuthMechanism:
            "the server asks for a way of signing in that Casebook does not support"
        case .saslError: "signing in with the password failed (SCRAM)"
        case .serverClosedConnection, .connectionClosed, .uncleanShutdown:
            "the connection was closed"
        case .queryCancelled: "the statement was cancelled"
        default: "\(code)"
        }
    }

    /// A TLS handshake's failure as the reason BoringSSL gives (`CERTIFICATE_VERIFY_FAILED`),
    /// without the rest of its description (its source file's path on the machine that built
    /// Casebook); nil when `error` is not one.
    static func tlsReason(_ error: any Error) -> String? {
        let text = "\(error)"
        guard let marker = text.range(of: "OPENSSL_internal:") else { return nil }
        let reason = text[marker.upperBound...].prefix {
            $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_")
        }
        return "the TLS handshake failed (\(reason))"
    }

    /// The SQLSTATE of a server error, if `error` is one.
    public static func sqlState(_ error: any Error) -> String? {
        (innermost(error) as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// Why a connection could not be made: the host's name unknown, or each address's refusal
    /// in the system's words ("Connection refused").
    private static func reason(_ error: NIOConnectionError) -> String {
        if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
            return "no such host (\(error.host) has no address)"
        }
        let failures = error.connectionErrors.map { failure -> String in
            if let io = failure.error as? IOError {
                return String(cString: strerror(io.errnoCode))
            }
            return "\(failure.error)"
        }
        let unique = failures.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return unique.isEmpty ? "cannot connect" : unique.joined(separator: "; ")
    }

    /// Whether `error` came from the database or the way to it (as opposed to a store's own
    /// refusal thrown inside an operation).
    public static func isFromDatabase(_ error: any Error) -> Bool {
        error is PSQLError || error is PostgresTransactionError || error is PostgresDecodingError
            || error is PostgresDeadline.Exceeded || error is NIOConnectionError
            || error is IOError || error is ChannelError || error is ConnectionPoolError
    }

    /// Whether `error` is a pool's refusal to lend a connection because it was shut down (the
    /// pool of a host the database moved away from): nothing was sent to any server.
    static func isPoolShutDown(_ error: any Error) -> Bool {
        switch innermost(error) {
        case let error as ConnectionPoolError: error == .poolShutdown
        case let error as PSQLError: error.code == .poolClosed
        default: false
        }
    }

    /// What failed inside a transaction, rather than the transaction's wrapper.
    static func innermost(_ error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.closureError ?? error.beginError ?? error.commitError ?? error
    }

    /// Whether `error` means the database could not be reached or the connection went away (as
    /// opposed to the server refusing a statement).
    public static func isUnreachable(_ error: any Error) -> Bool {
        guard let error = innermost(error) as? PSQLError else { return true }
        guard error.serverInfo != nil else { return true }
        return isConnectionState(error.serverInfo?[.sqlState] ?? "")
    }

    /// Whether `error` may say the host can no longer be used for a URL that asks for a kind
    /// of server: the connection refused or lost, the deadline passed (a running database then
    /// checks the host before it moves), the server shutting down or in recovery, or its
    /// sessions read-only. Unlike `isUnreachable`, a statement the server refused, a row that
    /// could not be read or a store's own error say nothing of the host.
    static func mayMeanTheHostIsUnfit(_ error: any Error) -> Bool {
        switch innermost(error) {
        case is PostgresDeadline.Exceeded, is NIOConnectionError, is IOError, is ChannelError:
            return true
        case let error as PSQLError:
            guard let state = error.serverInfo?[.sqlState] else {
                return [.connectionError, .serverClosedConnection, .uncleanShutdown].contains(
                    error.code)
            }
            // 25006: read-only transaction.
            return state == "25006" || isConnectionState(state)
        default:
            return false
        }
    }

    /// Class 08 (connection exception) and 57P (operator intervention: shutdown, crash, start).
    private static func isConnectionState(_ state: String) -> Bool {
        state.hasPrefix("08") || state.hasPrefix("57P")
    }
}
