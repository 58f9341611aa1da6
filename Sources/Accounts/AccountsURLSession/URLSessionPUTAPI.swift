import AccountsCore
import CasebookFileSystem
import CasebookURLSession
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// PUTs the preference as JSON (`PreferenceChoice`: the choice and username, never the password)
/// with URLSession, following no redirect (a 3xx is a refusal: the preference goes nowhere else).
public struct URLSessionPUTAPI: PUTAPI {
    /// Why the server did not take the preference.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let url: URL
        public let reason: String

        public var description: String {
            "cannot push the preference to \(url.absoluteString): \(reason)"
        }
    }

    private let session: EphemeralSession

    public init(timeout: TimeInterval = 30) {
        session = EphemeralSession(timeout: timeout)
    }

    public func executePUTRequest(
        for url: URL, with preference: Preference,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try JSONEncoder().encode(PreferenceChoice(preference))
        } catch {
            completion(.failure(error))
            return
        }
        session.dataTask(with: request) { data, response, error in
            if let error {
                completion(.failure(Failure(url: url, reason: error.localizedDescription)))
            } else if let response = response as? HTTPURLResponse,
                (200..<300).contains(response.statusCode)
            {
                completion(.success(()))
            } else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                let body = data.map { TextBytes.quoted(Array($0), upTo: 300) } ?? ""
                completion(.failure(Failure(url: url, reason: "HTTP \(status) \(body)")))
            }
        }.resume()
    }
}
