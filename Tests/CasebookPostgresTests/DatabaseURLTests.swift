import CasebookPostgres
import CasebookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A database URL")
struct DatabaseURLTests {
    @Test func namesUserHostPortAndDatabase() throws {
        let url = try DatabaseURL("postgres://ada@db.example:6543/casebook")
        #expect(
            url == DatabaseURL(user: "ada", host: "db.example", port: 6543, database: "casebook"))
        #expect(try DatabaseURL("postgresql://ada@db.example/casebook").port == 5432)
    }

    @Test func neverShowsItsPassword() throws {
        let url = try DatabaseURL("postgres://ada:s3cr%40t@db.example:6543/casebook")
        #expect(url.password == "s3cr@t")
        #expect(url.description == "postgres://ada@db.example:6543/casebook")
        #expect(!"\(url)".contains("s3cr"))
        #expect(!String(reflecting: url).contains("s3cr"))
    }

    @Test func takesThePasswordFromTheEnvironmentThenAFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.appending("password")
        try "from-file\nignored".write(to: file, atomically: true, encoding: .utf8)
        let fromEnvironment = try DatabaseURL(
            "postgres://ada@h/db", environment: ["PGPASSWORD": "from-env"], passwordFile: file)
        #expect(fromEnvironment.password == "from-env")
        #expect(try DatabaseURL("postgres://ada@h/db", passwordFile: file).password == "from-file")
        #expect(
            try DatabaseURL(
                "postgres://ada:in-url@h/db", environment: ["PGPASSWORD": "x"], passwordFile: file
            ).password == "in-url")
        #expect(try DatabaseURL("postgres://ada@h/db").password == nil)
    }

    /// The first line is the password, whatever ends it (a file saved on Windows ends its
    /// lines with CR LF); nothing of the line's end is sent as part of it.
    @Test(arguments: ["secret\n", "secret\r\nignored", "secret\rignored", "secret"])
    func aPasswordFilesFirstLineIsThePasswordWhateverEndsIt(text: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("password", contents: text)
        #expect(try DatabaseURL("postgres://ada@h/db", passwordFile: file).password == "secret")
    }

    /// An empty first line is no password: said, rather than sent and refused by the server
    /// as a wrong one.
    @Test(arguments: ["", "\n", "\r\nsecret"])
    func aPasswordFileWithAnEmptyFirstLineIsRefused(text: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("password", contents: text)
        #expect {
            try DatabaseURL("postgres://ada@h/db", passwordFile: file)
        } throws: { error in
            "\(error)".hasSuffix(
                "names a password file whose first line, the password, is empty: \(file.path)")
        }
    }

    @Test func readsSSLMode() throws {
        #expect(try DatabaseURL("postgres://a@h/db").tls == .prefer)
        #expect(try DatabaseURL("postgres://a@h/db?sslmode=disable").tls == .disable)
        #expect(try DatabaseURL("postgres://a@h/db?sslmode=verify-full").tls == .verifyFull)
    }

    @Test(arguments: [
        ("mysql://a@h/db", "must start with postgres:// or postgresql://"),
        ("postgres://h/db", "names no user"),
        ("postgres://a@h", "names no database"),
        ("postgres://a@h/", "names no database"),
        ("postgres://a@h:0/db", "has port 0, which is not between 1 and 65535"),
        (
            "postgres://a@h:99999999999999999999/db",
            "has port 99999999999999999999, which is not between 1 and 65535"
        ),
        ("postgres://a@h:54x/db", "has a port that is not a number: 54x"),
        ("postgres://a@h/d%00options%00-c%20log_statement%3Dall", "(U+0000) in its database"),
        ("postgres://a%00options@h/db", "has a control character (U+0000) in its user"),
        ("postgres://a:p%00w@h/db", "has a control character (U+0000) in its password"),
        ("postgres://a@h/d%0Ab", "has a control character (U+000A) in its database"),
        ("postgres://a@h%01/db", "has a control character (U+0001) in its host"),
        ("postgres://a@h1,h%002/db", "has a control character (U+0000) in its 2nd host"),
        ("postgres://a@h/db?sslmode=maybe", "has an unknown sslmode"),
        ("postgres://a@h/db?user=b", "has an unknown parameter 'user'"),
        ("postgres://a@h/db?sslmode=disable&sslmode=require", "gives sslmode twice"),
        (
            "postgres://a@h/db?target_session_attrs=any&target_session_attrs=read-write",
            "gives target_session_attrs twice"
        ),
    ])
    func aBadURLIsRefusedNamingWhatIsWrong(text: String, problem: String) {
        #expect {
            try DatabaseURL(text)
        } throws: { error in
            "\(error)".contains(problem)
        }
    }

    /// A NUL in a password from the environment would end it where PostgreSQL reads it.
    @Test func aPasswordFromTheEnvironmentWithANULIsRefused() {
        #expect {
            try DatabaseURL("postgres://a@h/db", environment: ["PGPASSWORD": "pa\0ss"])
        } throws: { error in
            "\(error)".hasSuffix("has a control character (U+0000) in the password of PGPASSWORD")
        }
        #expect(
            (try? DatabaseURL("postgres://a@h/db", environment: ["PGPASSWORD": "pa\tss"]))?.password
                == "pa\tss")
    }

    @Test func anUnreadablePasswordFileIsNamed() {
        #expect {
            try DatabaseURL(
                "postgres://a@h/db", passwordFile: URL(fileURLWithPath: "/nonexistent/pw"))
        } throws: { error in
            "\(error)".contains("/nonexistent/pw: there is no such file")
        }
    }

    /// A password file is read only if it is a small regular file (a link to one is followed:
    /// mounted secrets are links): a FIFO is never waited on, a device never read to its end.
    @Test func aPasswordFileThatIsNotAFileIsRefusedUnread() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.appending("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let cases = [
            (fifo, "it is a FIFO, not a regular file"), (directory.url, "it is a folder"),
            (URL(fileURLWithPath: "/dev/zero"), "it is a device, not a regular file"),
        ]
        for (url, reason) in cases {
            #expect {
                try DatabaseURL("postgres://a@h/db", passwordFile: url)
            } throws: { error in
                "\(error)".hasSuffix("\(url.path): \(reason)")
            }
        }
        let secret = try directory.file("secret", contents: "from-link\nignored")
        let link = directory.appending("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: secret)
        #expect(try DatabaseURL("postgres://a@h/db", passwordFile: link).password == "from-link")
    }
}
