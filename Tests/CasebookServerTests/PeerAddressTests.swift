import Testing

@testable import CasebookServer

/// Whom a sign-in comes from: the connection's peer, or, when the peer is a proxy the operator
/// trusts (`--trusted-proxy`), the client it names last in `X-Forwarded-For` — never what a
/// client that is not a trusted proxy says about itself.
@Suite("The address a sign-in comes from")
struct PeerAddressTests {
    @Test(
        arguments: [
            ("203.0.113.5", nil, "203.0.113.5"),
            ("203.0.113.5", "198.51.100.7", "203.0.113.5"),
            ("127.0.0.1", "198.51.100.7", "198.51.100.7"),
            ("127.0.0.1", "10.9.9.9, 198.51.100.7", "198.51.100.7"),
            ("127.0.0.1", "198.51.100.7, 127.0.0.1", "198.51.100.7"),
            ("127.0.0.1", "not an address", "127.0.0.1"),
            ("127.0.0.1", nil, "127.0.0.1"),
            ("::ffff:127.0.0.1", "198.51.100.7", "198.51.100.7"),
            ("127.0.0.1", "2001:DB8:0:0:0:0:0:1", "2001:db8::1"),
            ("::1", "198.51.100.7", "198.51.100.7"),
        ] as [(String, String?, String)])
    func theClientIsTheTrustedProxysLastOtherAddress(
        peer: String, forwardedFor: String?, client: String
    ) {
        #expect(
            PeerAddress.client(
                peer: peer, forwardedFor: forwardedFor, trustedProxies: ["127.0.0.1", "0:0::1"])
                == client)
    }

    /// Every route whose requests the audit log records carries its client's address, those
    /// with a parameter in their path too; the rest do not.
    @Test func theAuditedRoutesAreMarkedWithTheClientsAddress() {
        for path in [
            "/login", "/login/code", "/account/second-factor", "/admin/users/reset-link",
            "/password-reset/abc", "/survey/respondents/r1/review", "/menu/edit", "/diary/import",
        ] {
            #expect(PeerAddress.isMarked(path), "\(path)")
        }
        for path in ["/diary", "/menu", "/survey/respondents/r1", "/api/diary"] {
            #expect(!PeerAddress.isMarked(path), "\(path)")
        }
    }
}
