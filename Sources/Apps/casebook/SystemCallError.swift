#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call that failed, with the system's own explanation.
struct SystemCallError: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String { "\(call) failed: \(reason)" }

    /// The system's explanation alone: "No space left on device".
    var reason: String { String(cString: strerror(code)) }
}
