import Accounts
import Foundation
import Testing

@Suite("Pushing the preference to the backend")
struct PreferencePublisherTests {
    let base = URL(string: "http://backend.test")!

    @Test func putsThePreferenceAtTheUsersAddress() async throws {
        let mock = PUTAPIMock()
        mock.expect(
            url: URL(string: "http://backend.test/api/preferences/user%2042")!, preference: .never)
        try await PreferencePublisher(api: mock, baseURL: base).push(.never, forUser: "user 42")
        mock.verify()
    }

    @Test func reportsTheAPIsFailureToTheCompletionHandler() async {
        let mock = PUTAPIMock()
        mock.expect(
            url: URL(string: "http://backend.test/api/preferences/u1")!, preference: .notNow)
        mock.failure = PUTAPIMock.Refused()
        let result = await withCheckedContinuation { continuation in
            PreferencePublisher(api: mock, baseURL: base).push(.notNow, forUser: "u1") {
                continuation.resume(returning: $0)
            }
        }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error is PUTAPIMock.Refused)
        mock.verify()
    }
}

/// Mock: told beforehand which calls to expect, it checks them itself in `verify()`, and always
/// calls the completion handler.
final class PUTAPIMock: PUTAPI, @unchecked Sendable {
    struct Refused: Error {}

    private var expected: [(url: URL, preference: Preference)] = []
    private var received: [(url: URL, preference: Preference)] = []
    var failure: (any Error)?

    func expect(url: URL, preference: Preference) {
        expected.append((url, preference))
    }

    func executePUTRequest(
        for url: URL, with preference: Preference,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        received.append((url, preference))
        completion(failure.map { .failure($0) } ?? .success(()))
    }

    func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(received.map(\.url) == expected.map(\.url), sourceLocation: sourceLocation)
        #expect(
            received.map(\.preference) == expected.map(\.preference), sourceLocation: sourceLocation
        )
    }
}
