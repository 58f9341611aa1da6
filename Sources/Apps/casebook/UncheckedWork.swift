/// A command's synchronous work handed to a thread of its own (a store that waits on its
/// thread must not wait on one of the concurrency pool's): the command waits for it, so it is
/// never run twice nor at once with its caller.
struct UncheckedWork: @unchecked Sendable {
    let run: () throws -> Void

    init(_ run: @escaping () throws -> Void) { self.run = run }
}
