import Testing

@testable import CasebookHTTPClient

/// Why a request failed, in a person's words: a TLS handshake's failure by BoringSSL's reason
/// alone, digits and all, never with the rest of its description (a source file's path on the
/// machine that built Casebook); an untrusted certificate says so.
@Suite("A failed request's reason")
struct HTTPExchangeReasonTests {
    private struct HandshakeFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func failure(_ reason: String) -> HandshakeFailure {
        HandshakeFailure(
            description:
                "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:\(reason) at /build/checkouts/swift-nio-ssl/handshake.cc:320]))"
        )
    }

    @Test(arguments: ["TLSV1_ALERT_UNKNOWN_CA", "SSLV3_ALERT_HANDSHAKE_FAILURE"])
    func aTLSFailureIsSaidByItsReasonWhole(reason: String) {
        #expect(
            HTTPExchange.reason(for: Self.failure(reason), answerLimit: 1)
                == "the TLS handshake failed (\(reason))")
    }

    @Test func anUntrustedCertificateSaysSo() {
        #expect(
            HTTPExchange.reason(for: Self.failure("CERTIFICATE_VERIFY_FAILED"), answerLimit: 1)
                == "the TLS handshake failed (CERTIFICATE_VERIFY_FAILED): the server's certificate is not one this machine trusts"
        )
    }

    @Test func anotherErrorIsSaidAsItIs() {
        #expect(
            HTTPExchange.reason(for: HandshakeFailure(description: "refused"), answerLimit: 1)
                == "refused")
    }
}
