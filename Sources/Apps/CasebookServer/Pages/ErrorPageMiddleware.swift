import AccountsCore
import Diary
import Foundation
import Hummingbird
import Logging
import StoreFailures

/// Turns every failure into an answer a person can read: an HTML page for the pages, JSON for
/// `/api/`. A failure nobody planned for is logged here and answered with a 500 that says
/// nothing about the server's insides.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let renderer: PageRenderer

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let isAPI = APIPath.contains(request.uri.path)
        do {
            return try await next(request, context)
        } catch let error as RequestError {
            if isAPI { throw error }
            var response = page(
                request, status: error.status, message: error.message, heading: error.heading,
                template: error.template ?? "error", values: error.templateValues)
            response.headers.append(contentsOf: error.headers)
            return response
        } catch let error where Self.unavailableMessage(for: error) != nil {
            let message = Self.unavailableMessage(for: error)!
            // A damaged row or file is not worth asking again for.
            let unavailable =
                (error as? StoreUnavailableError)?.isTemporary == true
                ? RequestError.temporarilyUnavailable(message)
                : RequestError(.serviceUnavailable, message)
            if isAPI { throw unavailable }
            var response = page(request, status: .serviceUnavailable, message: unavailable.message)
            response.headers.append(contentsOf: unavailable.headers)
            return response
        } catch let error as HTTPResponseError {
            let message = Self.message(for: error.status, path: request.uri.path)
            if isAPI { throw RequestError(error.status, message) }
            return page(request, status: error.status, message: message)
        } catch {
            // The route, not the path: a path may hold a secret (a reset link's).
            context.logger.error(
                "\(request.method) \(context.endpointPath ?? "an unmatched path") failed: \(error)")
            let message = "Something went wrong on the server. Please try again."
            if isAPI { throw RequestError(.internalServerError, message) }
            return page(request, status: .internalServerError, message: message)
        }
    }

    /// What to tell a person about stored data that cannot be used (a damaged row or database,
    /// a damaged preference file), without the server's paths; nil for any other failure.
    static func unavailableMessage(for error: any Error) -> String? {
        switch error {
        case let error as DamagedRowError: return "\(error)"
        case let error as StoreUnavailableError: return "\(error)"
        case let error as SQLiteDiaryStore.OpenError:
            // A user's diary, opened at their first request: named by its file alone.
            let name = (error.path as NSString).lastPathComponent
            let reason = error.reason.replacingOccurrences(of: error.path, with: name)
            return "the diary file \(name) in the data directory cannot be opened: \(reason)"
        case let error as PreferenceStoreError:
            switch error {
            case .fileUnusable(let path, let reason):
                let name = (path as NSString).lastPathComponent
                return
                    "The preference file \(name) in the data directory cannot be used (\(reason)); remove it to start again."
            case .tampered(let path):
                let name = (path as NSString).lastPathComponent
                return
                    "The saved preference (\(name) in the data directory) was changed or damaged; remove it to start again."
            case .storeCannotBeRead: return "\(error)"
            }
        default: return nil
        }
    }

    /// An error page shows a signed-in user (once `AccessMiddleware` knew who they are) their
    /// own header and navigation; to anyone else it links to nothing but the home page.
    private func page(
        _ request: Request, status: HTTPResponse.Status, message: String, heading: String? = nil,
        template: String = "error", values: [String: String] = [:]
    ) -> Response {
        let record = RequestRecord.current
        let viewer = record?.role.map(PageViewer.user) ?? .nobody
        return SignedInUser.$current.withValue(viewer == .nobody ? nil : record?.user) {
            PageViewer.$current.withValue(viewer) {
                renderer.page(
                    template,
                    title: heading
                        ?? (status == .forbidden && viewer != .nobody
                            ? "Not open to you" : "\(status.code) \(status.reasonPhrase)"),
                    context: values.merging(["message": message]) { $1 },
                    request: request, status: status)
            }
        }
    }

    static func message(for status: HTTPResponse.Status, path: String) -> String {
        switch status {
        case .notFound: "There is nothing at \(path)."
        case .methodNotAllowed: "That action is not available here."
        case .contentTooLarge: "The request is too large."
        default: status.reasonPhrase
        }
    }
}
