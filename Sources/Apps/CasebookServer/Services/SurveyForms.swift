import Foundation
import SurveySyncCore
import SurveySyncFiles

/// The survey's form on the server: versions an admin gives (each read before it is kept, so a
/// kept version always reads), and every respondent checked against the newest as it arrives,
/// what was found kept beside it. A respondent stored before any form, or whose check could
/// not be kept, is simply unchecked: checking never refuses or changes what a surveyor sent.
final class SurveyForms: @unchecked Sendable {
    /// A version, read, with its checker.
    struct Read: Sendable {
        let version: SurveyFormVersion
        let form: SurveyForm
        let check: RespondentFormCheck
    }

    let store: any SurveyFormStore
    /// Where a respondent found to have issues is marked so (`ReviewState.hasIssues`), for the
    /// team's filter and the surveyor's list: one still `received`, never one a reviewer set.
    let reviews: (any ReviewedRespondentStore)?
    private let lock = NSLock()
    /// The versions read so far, by number: a kept file never changes.
    private var read: [Int: Read] = [:]

    /// Who marks a respondent that breaks the form, in its history.
    static let reviewer = "the form check"

    init(store: any SurveyFormStore, reviews: (any ReviewedRespondentStore)? = nil) {
        self.store = store
        self.reviews = reviews
    }

    /// Reads `bytes` (an XLSForm `.xlsx`, or its YAML) and keeps it as the next version; a
    /// file that is no form is refused with what is wrong and where, and nothing is kept.
    func add(fileName: String, bytes: [UInt8], by user: String?) async throws -> Read {
        let form: SurveyForm
        do {
            form = try SurveyFormFile.form(bytes, fileName: fileName)
        } catch {
            throw RequestError(.unprocessableContent, error.description).field("file")
        }
        let version = try await store.addVersion(
            fileName: fileName, bytes: bytes, uploadedBy: user)
        let kept = Read(version: version, form: form, check: RespondentFormCheck(form: form))
        keep(kept)
        return kept
    }

    /// The newest version, read; nil before the first.
    func latest() async throws -> Read? {
        guard let version = try await store.latestVersion() else { return nil }
        return try await self.version(version)
    }

    /// Version `number`, read; nil when there is none.
    func version(_ number: Int) async throws -> Read? {
        if let kept = lock.withLock({ read[number] }) { return kept }
        guard let version = try await store.versions().first(where: { $0.number == number })
        else { return nil }
        return try await self.version(version)
    }

    private func version(_ version: SurveyFormVersion) async throws -> Read {
        if let kept = lock.withLock({ read[version.number] }) { return kept }
        guard let bytes = try await store.file(ofVersion: version.number) else {
            throw RequestError(.notFound, "There is no form version \(version.number).")
        }
        let form: SurveyForm
        do {
            form = try SurveyFormFile.form(bytes, fileName: version.fileName)
        } catch {
            throw RequestError(
                .internalServerError,
                "Form version \(version.number) no longer reads: \(error.description)")
        }
        let kept = Read(version: version, form: form, check: RespondentFormCheck(form: form))
        keep(kept)
        return kept
    }

    /// The most versions kept read at once: the newest and a few looked at.
    static let mostKept = 8

    private func keep(_ kept: Read) {
        lock.withLock {
            if read.count >= Self.mostKept, read[kept.version.number] == nil {
                // The newest stays; the others are read again when asked for.
                let newest = read.keys.max()
                read = read.filter { $0.key == newest }
            }
            read[kept.version.number] = kept
        }
    }

    /// Checks `respondents` against the newest version and keeps what was found: their
    /// problems by id (none for one that keeps the form). Empty, keeping nothing, before the
    /// first version; a check that cannot be kept leaves them unchecked.
    @discardableResult
    func check(_ respondents: [Respondent], at date: Date = Date()) async -> [String:
        [RespondentFormProblem]]
    {
        guard !respondents.isEmpty, let latest = try? await latest() else { return [:] }
        let records = respondents.map { respondent in
            RespondentCheckRecord(
                id: respondent.id, digest: RespondentDigest(respondent).digest,
                formVersion: latest.version.number,
                problems: latest.check.problems(in: respondent.fields, today: date),
                checkedAt: date)
        }
        try? await store.record(records)
        var problems: [String: [RespondentFormProblem]] = [:]
        for record in records { problems[record.id] = record.problems }
        await mark(records.filter(\.hasIssues), version: latest.version.number)
        return problems
    }

    /// Marks each of `records`' respondents that is still `received` as having issues, with
    /// how many and which fields in the comment.
    private func mark(_ records: [RespondentCheckRecord], version: Int) async {
        guard let reviews, !records.isEmpty,
            let statuses = try? await reviews.statuses(of: records.map(\.id))
        else { return }
        for record in records where statuses[record.id]?.state == .received {
            let fields = Array(NSOrderedSet(array: record.problems.map(\.field))) as? [String] ?? []
            let comment =
                "\(EnglishCount.phrase(record.problems.count, "problem")) against form version \(version): "
                + fields.prefix(5).joined(separator: ", ") + (fields.count > 5 ? "…" : "")
            try? await reviews.setReview(
                .hasIssues, of: [record.id], by: Self.reviewer, comment: comment)
        }
    }

    /// Checks every respondent `respondents` holds against the newest version, a page at a
    /// time: how many were checked, and how many of them have issues.
    func checkAll(in respondents: any RespondentStore) async throws -> (checked: Int, issues: Int) {
        var after: String?
        var checked = 0
        var issues = 0
        while true {
            let page = try await respondents.respondents(limit: 500, after: after)
            guard let last = page.last else { break }
            let found = await check(page)
            checked += found.count
            issues += found.values.count { !$0.isEmpty }
            after = last.id
        }
        return (checked, issues)
    }
}
