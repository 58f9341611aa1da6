import StoreFailures

/// A page of the respondents a filter takes, sorted by a column (`RespondentSort`): the first
/// `limit` after a cursor, found by reading every respondent the filter takes, a page of the
/// store at a time in id order, and keeping only the best `limit` + 1 seen so far. A page
/// costs a pass over what the filter takes, deep in the order as at its top, in memory for a
/// page only: a store keeps no index on a respondent's every field.
public struct SortedRespondentPage: Sendable {
    public let respondents: [Respondent]
    /// Where the next page starts (the key of this page's last respondent); nil on the last.
    public let next: RespondentSort.Key?

    /// Respondents read from the store at a time.
    public static let readSize = 1_000

    public static func page(
        of store: any ReviewedRespondentStore, matching filter: RespondentFilter,
        sortedBy sort: RespondentSort, limit: Int, after cursor: RespondentSort.Key?
    ) async throws -> SortedRespondentPage {
        let kept = max(1, limit) + 1
        var best: [(key: RespondentSort.Key, body: [UInt8])] = []
        var after: String?
        while true {
            let rows = try await store.respondentBodies(
                matching: filter, limit: readSize, after: after)
            for (id, body) in rows {
                guard let key = sort.key(id: id, body: body) else {
                    throw DamagedRowError(
                        store: "respondents", key: id, problem: "its JSON is not an object")
                }
                if let cursor, !sort.precedes(cursor, key) { continue }
                best.append((key, body))
            }
            // Cut back to what may still be on the page, now and then, not at every row.
            if best.count >= 4 * kept {
                best.sort { sort.precedes($0.key, $1.key) }
                best.removeLast(best.count - kept)
            }
            guard rows.count == readSize, let last = rows.last else { break }
            after = last.id
        }
        best.sort { sort.precedes($0.key, $1.key) }
        let page = best.prefix(max(1, limit))
        return SortedRespondentPage(
            respondents: try page.map {
                try StoredRespondent.respondent(fromBody: String(decoding: $0.body, as: UTF8.self))
            },
            next: best.count > page.count ? page.last?.key : nil)
    }
}
