import Hummingbird
import PrimeFactors

/// `/factor?n=NUMBER`: the same parser, errors and output line as `casebook factor`, for numbers
/// below 2^96.
struct FactorPage: Sendable {
    /// The widest number the page factors: any below 2^96 takes milliseconds (a product of two
    /// 48-bit primes is the worst), so a request never holds the server for long.
    static let maximumBits = 96

    let renderer: PageRenderer

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/factor", use: factor)
    }

    /// `GET /factor`: the prime factors of `n`.
    @Sendable func factor(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        // No number, or the form sent with its box empty: the form, asking for nothing.
        guard let number = try FormFields(query: request)["n"], !number.isEmpty else {
            return renderer.page(
                "factor", title: "Prime factors", context: ["number": ""], request: request)
        }
        do {
            let value = try FactorInput.integer(from: number)
            guard value.bitWidth <= Self.maximumBits else {
                return renderer.page(
                    "factor", title: "Prime factors",
                    context: [
                        "number": number,
                        "error":
                            "'\(number)' is beyond what this page factors (2^\(Self.maximumBits) − 1); casebook factor takes numbers of any size",
                    ], request: request, status: .badRequest)
            }
            return renderer.page(
                "factor", title: "Prime factors",
                context: ["number": number, "line": FactorLine.text(for: value)],
                request: request)
        } catch {
            return renderer.page(
                "factor", title: "Prime factors",
                context: ["number": number, "error": "\(error)"],
                request: request, status: .badRequest)
        }
    }
}
