import CasebookForms
import Testing

/// `multipart/form-data` bodies (RFC 7578) as browsers send a form with a file: each part's
/// name, file name, type and bytes exactly; anything else refused with what is wrong, never
/// read past its bounds.
@Suite("Multipart form bodies")
struct MultipartFormTests {
    static func body(_ text: String) -> [UInt8] {
        Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }

    @Test func readsFieldsAndFilesAsABrowserSendsThem() throws {
        let form = try MultipartForm(
            Self.body(
                """
                --XyZ
                Content-Disposition: form-data; name="csrf"

                token-1
                --XyZ
                Content-Disposition: form-data; name="file"; filename="Journal.json"
                Content-Type: application/json

                {"entries": []}
                with a second line
                --XyZ--

                """), boundary: "XyZ")
        #expect(form.parts.count == 2)
        #expect(form["csrf"] == "token-1")
        let file = try #require(form.part(named: "file"))
        #expect(file.filename == "Journal.json")
        #expect(file.contentType == "application/json")
        #expect(file.body == Array("{\"entries\": []}\r\nwith a second line".utf8))
    }

    @Test func anEmptyFileAndAFieldWithoutValueAreKept() throws {
        let form = try MultipartForm(
            Self.body(
                """
                --b
                Content-Disposition: form-data; name="file"; filename=""
                Content-Type: application/octet-stream


                --b
                Content-Disposition: form-data; name="format"


                --b--
                """), boundary: "b")
        #expect(form.part(named: "file")?.body == [])
        #expect(form["format"] == "")
    }

    @Test(arguments: [
        ("Content-Type: multipart/form-data; boundary=XyZ", "XyZ"),
        ("multipart/form-data; boundary=\"a b:c\"", "a b:c"),
        (
            "Multipart/Form-Data;boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
            "----WebKitFormBoundary7MA4YWxkTrZu0gW"
        ),
    ])
    func theBoundaryIsReadFromTheContentType(header: String, boundary: String) throws {
        let value = header.hasPrefix("Content-Type: ") ? String(header.dropFirst(14)) : header
        #expect(try MultipartForm.boundary(contentType: value) == boundary)
    }

    @Test(arguments: [
        "application/x-www-form-urlencoded", "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/mixed; boundary=x",
        "multipart/form-data; boundary=" + String(repeating: "x", count: 71),
    ])
    func aContentTypeWithoutAUsableBoundaryIsRefused(header: String) {
        #expect(throws: MultipartForm.Refusal.self) {
            try MultipartForm.boundary(contentType: header)
        }
    }

    @Test(arguments: [
        ("", "does not start with its boundary"),
        (
            "--b\nContent-Disposition: form-data; name=\"a\"\n\nno end",
            "ends before its last boundary"
        ),
        ("--b\nContent-Disposition: attachment; name=\"a\"\n\nx\n--b--", "form-data"),
        ("--b\nContent-Disposition: form-data\n\nx\n--b--", "name"),
        ("--b\nContent-Type: text/plain\n\nx\n--b--", "Content-Disposition"),
        ("--b\nContent-Disposition: form-data; name=\"a\nx\n--b--", "header"),
        ("--b\nContent-Disposition: form-data; name=\"a\"; name=\"b\"\n\nx\n--b--", "twice"),
        ("--b\nContent-Disposition: form-data; name=\"a\0\"\n\nx\n--b--", "NUL"),
        ("--b\nContent-Disposition: form-data; name=\"a\"\n\nx\n--b--trailing", "last boundary"),
    ])
    func aMalformedBodyIsRefusedSayingWhatIsWrong(text: String, words: String) {
        #expect {
            try MultipartForm(Self.body(text), boundary: "b")
        } throws: { error in
            "\(error)".contains(words)
        }
    }

    @Test func moreThanTheMostPartsIsRefused() {
        let part = "--b\nContent-Disposition: form-data; name=\"a\"\n\nx\n"
        let text = String(repeating: part, count: MultipartForm.mostParts + 1) + "--b--"
        #expect(throws: MultipartForm.Refusal.self) {
            try MultipartForm(Self.body(text), boundary: "b")
        }
    }

    @Test func aHeaderLongerThanTheLongestIsRefused() {
        let long = String(repeating: "a", count: MultipartForm.longestHeaders)
        let text = "--b\nContent-Disposition: form-data; name=\"\(long)\"\n\nx\n--b--"
        #expect(throws: MultipartForm.Refusal.self) {
            try MultipartForm(Self.body(text), boundary: "b")
        }
    }

    @Test func aNameOrFileNameThatIsNotUTF8IsRefused() {
        var bytes = Array("--b\r\nContent-Disposition: form-data; name=\"".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("\"\r\n\r\nx\r\n--b--".utf8)
        #expect(throws: MultipartForm.Refusal.self) { try MultipartForm(bytes, boundary: "b") }
    }
}
