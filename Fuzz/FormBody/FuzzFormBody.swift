import CasebookForms
import FuzzDriver

/// Any bytes as a form body or query: the decoder answers fields or a refusal, and every field
/// it answers is text without NUL, at most `URLEncodedForm.maximumCount` of them. The same
/// bytes as a `multipart/form-data` body with the boundary `b`: parts or a refusal, at most
/// `MultipartForm.mostParts` of them, none longer than the body.
@main
struct FuzzFormBody {
    static func main() {
        FuzzDriver.run { bytes in
            if let form = try? URLEncodedForm(bytes) {
                precondition(form.count <= URLEncodedForm.maximumCount, "too many fields kept")
                _ = try? form.integer("page", in: 0...1_000_000)
            }
            if let multipart = try? MultipartForm(Array(bytes), boundary: "b") {
                precondition(multipart.parts.count <= MultipartForm.mostParts, "too many parts")
                precondition(multipart.parts.allSatisfy { $0.body.count < bytes.count })
                precondition(!multipart.parts.contains { $0.name.utf8.contains(0) })
                _ = multipart["file"]
            }
        }
    }
}
