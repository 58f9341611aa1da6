import CasebookForms
import FuzzDriver

/// Any bytes as a form body or query: the decoder answers fields or a refusal, and every field
/// it answers is text without NUL, at most `URLEncodedForm.maximumCount` of them.
@main
struct FuzzFormBody {
    static func main() {
        FuzzDriver.run { bytes in
            guard let form = try? URLEncodedForm(bytes) else { return }
            precondition(form.count <= URLEncodedForm.maximumCount, "too many fields kept")
            _ = try? form.integer("page", in: 0...1_000_000)
        }
    }
}
