/// The values a request's task holds while it is handled (who is signed in and on what device,
/// what the pages may offer them, whether the menu is private, the access log's record),
/// carried to a thread the task does not run on, where task-local values are not seen.
/// A task-local value added for requests is added here too.
struct RequestLocals: Sendable {
    private let user: String?
    private let device: String?
    private let viewer: PageViewer
    private let privateMenu: Bool
    private let record: RequestRecord?

    /// The values of the task this is called from.
    static func current() -> RequestLocals {
        RequestLocals(
            user: SignedInUser.current, device: SignedInUser.device, viewer: PageViewer.current,
            privateMenu: RouteTable.privateMenu, record: RequestRecord.current)
    }

    /// `body` with these values bound, wherever it runs.
    func bound<T>(_ body: () throws -> T) rethrows -> T {
        try SignedInUser.$current.withValue(user) {
            try SignedInUser.$device.withValue(device) {
                try PageViewer.$current.withValue(viewer) {
                    try RouteTable.$privateMenu.withValue(privateMenu) {
                        try RequestRecord.$current.withValue(record, operation: body)
                    }
                }
            }
        }
    }
}
