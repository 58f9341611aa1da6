import SurveySyncCore

/// Finds one version of a respondent for the API and the pages alike: 404 for a respondent
/// there is not or a version it does not have, 410 for one that arrived before the store kept
/// versions. `sentences` writes the reasons as a page shows them (capital first, full stop).
enum RespondentVersionLookup {
    static func find(
        _ number: Int, of id: String, in reviews: (any ReviewedRespondentStore)?,
        store: any RespondentStore, sentences: Bool
    ) async throws -> (version: RespondentVersion, respondent: Respondent) {
        let written = { (reason: String) in
            sentences ? reason.prefix(1).uppercased() + reason.dropFirst() + "." : reason
        }
        guard let reviews, let version = try await reviews.version(number, of: id) else {
            // Asked only when there is no such version.
            guard try await store.respondent(id: id) != nil else {
                throw RequestError(
                    .notFound,
                    sentences ? "There is no respondent '\(id)'." : "no respondent has id '\(id)'")
            }
            throw RequestError(.notFound, written("respondent '\(id)' has no version \(number)"))
        }
        guard let respondent = version.respondent else {
            throw RequestError(
                .gone,
                written(
                    "version \(number) of respondent '\(id)' arrived before this store kept versions: "
                        + "its history says who sent it and when, but not what it held"))
        }
        return (version, respondent)
    }
}
