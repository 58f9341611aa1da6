import Hummingbird
import PrimeFactors

/// `/factor?n=NUMBER`: the same parser, errors and output line as `casebook factor`.
struct FactorPage: Sendable {
    let renderer: PageRenderer

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/factor") { request, _ in
            guard let number = try FormFields(query: request)["n"] else {
                return renderer.page(
                    "factor", title: "Prime factors", context: ["number": ""], request: request)
            }
            do {
                let value = try FactorInput.number(from: number)
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
}
