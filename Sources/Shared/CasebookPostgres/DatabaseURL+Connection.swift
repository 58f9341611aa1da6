import NIOSSL
import PostgresNIO

extension DatabaseURL {
    /// A connection of its own to the URL's first host, outside the pool, with the encryption
    /// its `sslmode` asks for.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer:
            tls = .prefer(try NIOSSLContext(configuration: PostgresDatabase.unverifiedTLS()))
        case .require:
            tls = .require(try NIOSSLContext(configuration: PostgresDatabase.unverifiedTLS()))
        case .verifyFull:
            tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: tls)
    }
}
