import CasebookTestSupport
import Foundation
import Testing

/// `casebook serve --tls-cert --tls-key` serves HTTPS (checked with curl, which trusts the
/// test's own self-signed certificate), marks its session cookie Secure, and warns when it
/// serves other machines without it.
@Suite("HTTPS")
struct TLSTests {
    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let text = try ProcessLaunch.runToExit(process, readingTextFrom: output)
        return (process.terminationStatus, text)
    }

    @Test func servesHTTPSWithTheCertificateItWasGiven() throws {
        let folder = try TemporaryDirectory()
        let certificate = folder.appending("cert.pem").path
        let key = folder.appending("key.pem").path
        let (made, log) = try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out",
                certificate,
                "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ])
        #expect(made == 0, "\(log)")
        let server = try ServerProcess(arguments: ["--tls-cert", certificate, "--tls-key", key])
        #expect(server.url.scheme == "https")
        let (status, body) = try Self.run(
            "/usr/bin/curl",
            [
                "-s", "--cacert", certificate,
                server.url.appendingPathComponent("health").absoluteString,
            ])
        #expect(status == 0)
        #expect(body == "ok")
        // A browser's request from the server's own pages names their https:// origin.
        let origin = "https://127.0.0.1:\(server.url.port!)"
        let (posted, answer) = try Self.run(
            "/usr/bin/curl",
            [
                "-s", "--cacert", certificate, "-o", "/dev/null", "-w", "%{http_code}",
                "-H", "Content-Type: application/json", "-H", "Origin: \(origin)",
                "--data", #"{"text": "Written over HTTPS."}"#,
                server.url.appendingPathComponent("api/diary").absoluteString,
            ])
        #expect(posted == 0)
        #expect(answer == "201")
        // A command that does not trust the certificate says so in words, never with the
        // TLS library's description and the path it was built at.
        let folder2 = try TemporaryDirectory()
        let verify = try CasebookExecutable.run([
            "survey", "verify", "--from", folder2.url.path, "--to", server.url.absoluteString,
        ])
        #expect(verify.status == 1)
        #expect(
            verify.standardError.contains(
                "the TLS handshake failed (CERTIFICATE_VERIFY_FAILED): the server's certificate is not one this machine trusts"
            ), "\(verify.standardError)")
        #expect(!verify.standardError.contains(".build"))
        let (plain, _) = try Self.run(
            "/usr/bin/curl",
            ["-s", "-o", "/dev/null", "http://127.0.0.1:\(server.url.port!)/health"])
        #expect(plain != 0, "no plain HTTP on the HTTPS port")
        server.stop()
    }

    /// Each file is read as a bounded regular file (a link followed: certificates from an ACME
    /// client are links) and what is wrong with it is said plainly, never a library's case name.
    @Test func aCertificateOrKeyThatCannotBeUsedIsNamedWithTheReason() throws {
        let folder = try TemporaryDirectory()
        let certificate = folder.appending("cert.pem").path
        let key = folder.appending("key.pem").path
        let (made, log) = try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out",
                certificate, "-days", "1", "-subj", "/CN=127.0.0.1",
            ])
        #expect(made == 0, "\(log)")
        let otherKey = folder.appending("other-key.pem").path
        let (madeOther, otherLog) = try Self.run(
            "/usr/bin/openssl", ["genpkey", "-algorithm", "RSA", "-out", otherKey])
        #expect(madeOther == 0, "\(otherLog)")
        let text = try folder.file("text.pem", contents: "not a certificate")
        let encrypted = folder.appending("encrypted-key.pem").path
        let (madeEncrypted, encryptedLog) = try Self.run(
            "/usr/bin/openssl",
            ["pkey", "-in", key, "-aes256", "-passout", "pass:secret", "-out", encrypted])
        #expect(madeEncrypted == 0, "\(encryptedLog)")
        let cases: [(cert: String, key: String, named: String, reason: String)] = [
            (text.path, key, text.path, "it is not a PEM certificate"),
            ("/nonexistent/cert.pem", key, "/nonexistent/cert.pem", "there is no such file"),
            (folder.url.path, key, folder.url.path, "it is a folder"),
            (certificate, text.path, text.path, "it is not a PEM private key"),
            (certificate, "/nonexistent/key.pem", "/nonexistent/key.pem", "there is no such file"),
            (certificate, otherKey, otherKey, "it is not the private key of \(certificate)"),
            (
                certificate, encrypted, encrypted,
                "it is a private key under a passphrase: give one without (openssl pkey -in encrypted-key.pem -out plain.pem)"
            ),
        ]
        for (cert, key, named, reason) in cases {
            let result = try CasebookExecutable.run([
                "serve", "--port", "0", "--data", folder.appending("data").path, "--tls-cert", cert,
                "--tls-key", key,
            ])
            #expect(result.status == 1)
            #expect(
                result.standardError == "casebook serve: cannot use \(named) for TLS: \(reason)\n")
        }
    }
}
