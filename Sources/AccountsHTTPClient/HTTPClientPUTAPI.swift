import AccountsCore
import CasebookFileSystem
import CasebookHTTPClient
import Foundation

/// PUTs the preference as JSON (`PreferenceChoice`: the choice and username, never the password)
/// with AsyncHTTPClient (`HTTPExchange`): what `casebook preference` uses, as it loads no libcurl.
public struct HTTPClientPUTAPI: PUTAPI, Sendable {
    /// Why the server did not take the preference.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let url: URL
        public let reason: String

        public var description: String {
            "cannot push the preference to \(url.absoluteString): \(reason)"
        }
    }

    private let timeout: Duration

    public init(timeout: Duration = .seconds(30)) {
        self.timeout = timeout
    }

    public func executePUTRequest(
        for url: URL, with preference: Preference,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        let body: [UInt8]
        do {
            body = Array(try JSONEncoder().encode(PreferenceChoice(preference)))
        } catch {
            completion(.failure(error))
            return
        }
        Task { [timeout] in
            do throws(HTTPExchange.Failure) {
                let answer = try await HTTPExchange.send(
                    "PUT", to: url, headers: [("Content-Type", "application/json")], body: body,
                    timeout: timeout, answerLimit: 64 << 10)
                guard (200..<300).contains(answer.status) else {
                    let text = TextBytes.quoted(answer.body, upTo: 300)
                    completion(.failure(Failure(url: url, reason: "HTTP \(answer.status) \(text)")))
                    return
                }
                completion(.success(()))
            } catch {
                completion(.failure(Failure(url: url, reason: error.reason)))
            }
        }
    }
}
