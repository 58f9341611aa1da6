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
        try ProcessLaunch.run(process)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
        let (plain, _) = try Self.run(
            "/usr/bin/curl",
            ["-s", "-o", "/dev/null", "http://127.0.0.1:\(server.url.port!)/health"])
        #expect(plain != 0, "no plain HTTP on the HTTPS port")
        server.stop()
    }

    @Test func aKeyThatCannotBeReadIsNamed() throws {
        let folder = try TemporaryDirectory()
        let certificate = try folder.file("cert.pem", contents: "not a certificate")
        let result = try CasebookExecutable.run([
            "serve", "--port", "0", "--data", folder.url.path, "--tls-cert", certificate.path,
            "--tls-key", "/nonexistent/key.pem",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "casebook serve: cannot use \(certificate.path) for TLS: "))
    }
}
