import Crypto
import Foundation

/// The survey's form and its checks in memory: for tests, and for a server that keeps nothing.
public final class InMemorySurveyFormStore: SurveyFormStore, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [(version: SurveyFormVersion, bytes: [UInt8])] = []
    /// Keyed by the ids' bytes, as the respondents are.
    private var checksByID: [RespondentIDKey: RespondentCheckRecord] = [:]

    public init() {}

    public func addVersion(fileName: String, bytes: [UInt8], uploadedBy: String?) async throws
        -> SurveyFormVersion
    {
        lock.withLock {
            let version = SurveyFormVersion(
                number: kept.count + 1, fileName: fileName, byteCount: bytes.count,
                digest: RespondentDigest.hex(SHA256.hash(data: bytes)), uploadedBy: uploadedBy,
                uploadedAt: Date())
            kept.append((version, bytes))
            return version
        }
    }

    public func versions() async throws -> [SurveyFormVersion] {
        lock.withLock { kept.reversed().map(\.version) }
    }

    public func latestVersion() async throws -> SurveyFormVersion? {
        lock.withLock { kept.last?.version }
    }

    public func file(ofVersion number: Int) async throws -> [UInt8]? {
        lock.withLock { kept.indices.contains(number - 1) ? kept[number - 1].bytes : nil }
    }

    public func record(_ checks: [RespondentCheckRecord]) async throws {
        lock.withLock {
            for check in checks { checksByID[RespondentIDKey(check.id)] = check }
        }
    }

    public func checks(of ids: [String]) async throws -> [String: RespondentCheckRecord] {
        lock.withLock {
            var found: [String: RespondentCheckRecord] = [:]
            for id in ids {
                if let check = checksByID[RespondentIDKey(id)] { found[id] = check }
            }
            return found
        }
    }

    public func issueCount() async throws -> Int {
        lock.withLock { checksByID.values.count(where: \.hasIssues) }
    }
}
