import Testing

@testable import CasebookPostgres

/// A TLS handshake's failure is said by BoringSSL's reason alone, digits and all, never with
/// the rest of its description (a source file's path on the machine that built Casebook).
@Suite("TLS failures, said by their reason")
struct TLSReasonTests {
    private struct HandshakeFailure: Error, CustomStringConvertible {
        let description: String
    }

    @Test(arguments: [
        "CERTIFICATE_VERIFY_FAILED", "TLSV1_ALERT_UNKNOWN_CA", "SSLV3_ALERT_HANDSHAKE_FAILURE",
    ])
    func theReasonIsKeptWhole(reason: String) {
        let error = HandshakeFailure(
            description:
                "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:\(reason) at /build/checkouts/swift-nio-ssl/handshake.cc:320]))"
        )
        #expect(PostgresFailure.tlsReason(error) == "the TLS handshake failed (\(reason))")
    }

    @Test func anotherErrorHasNoTLSReason() {
        #expect(PostgresFailure.tlsReason(HandshakeFailure(description: "refused")) == nil)
    }
}
