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
    /// Sent as `Authorization: Bearer`, for a server that has users.
    private let token: String?

    public init(timeout: Duration = .seconds(30)) {
        self.init(timeout: timeout, token: nil)
    }

    public init(timeout: Duration = .seconds(30), token: String?) {
        self.timeout = timeout
        self.token = token
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
        var headers = [("Content-Type", "application/json")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        Task { [timeout, headers] in
            do throws(HTTPExchange.Failure) {
                let answer = try await HTTPExchange.send(
                    "PUT", to: url, headers: headers, body: body,
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
