import Accounts
import Foundation
import Testing

/// TOTP as RFC 6238 defines it (its appendix B's SHA-1 vectors) and base32 as RFC 4648 does
/// (its section 10's vectors), which authenticator apps and pyotp follow.
@Suite("One-time codes")
struct TOTPTests {
    static let rfcSecret = Array("12345678901234567890".utf8)

    @Test(arguments: [
        (59.0, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func matchesRFC6238sVectors(seconds: Double, expected: String) {
        let totp = TOTP(secret: Self.rfcSecret)
        let step = TOTP.step(at: Date(timeIntervalSince1970: seconds))
        #expect(totp.code(step: step, digits: 8) == expected)
        #expect(totp.code(step: step) == String(expected.suffix(6)))
    }

    @Test(arguments: [
        ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"),
        ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI"),
    ])
    func base32MatchesRFC4648sVectors(text: String, encoded: String) {
        #expect(Base32.encode(Array(text.utf8)) == encoded)
        #expect(Base32.decode(encoded) == Array(text.utf8))
        #expect(Base32.decode(encoded.lowercased() + "==") == Array(text.utf8))
    }

    @Test func aCodeOfTheStepBeforeOrAfterIsAcceptedAndNoOther() {
        let totp = TOTP(secret: Self.rfcSecret)
        let now = Date(timeIntervalSince1970: 1_111_111_111)
        let step = TOTP.step(at: now)
        #expect(totp.matchingStep(totp.code(step: step - 1), at: now) == step - 1)
        #expect(totp.matchingStep(totp.code(step: step + 1), at: now) == step + 1)
        #expect(totp.matchingStep(totp.code(step: step - 2), at: now) == nil)
        #expect(totp.matchingStep("12345", at: now) == nil)
        #expect(totp.matchingStep("１２３４５６", at: now) == nil, "ASCII digits only")
        #expect(Base32.decode("MZ1W") == nil)
    }

    @Test func theURIIsWhatAnAppReads() {
        let totp = TOTP(secret: Array("foobar".utf8))
        #expect(
            totp.uri(account: "ana", issuer: "Casebook at pizzeria")
                == "otpauth://totp/Casebook%20at%20pizzeria%3Aana?secret=MZXW6YTBOI&issuer=Casebook%20at%20pizzeria&algorithm=SHA1&digits=6&period=30"
        )
    }
}
