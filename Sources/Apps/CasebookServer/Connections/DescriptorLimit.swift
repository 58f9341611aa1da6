#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files, which caps how many connections it can hold: the soft
/// limit (often 1,024) is raised to the hard one, so that a crowd of idle connections runs into
/// the timeouts long before it runs out of descriptors.
enum DescriptorLimit {
    static func raiseToHardLimit() {
        var limit = rlimit()
        guard getrlimit(Self.resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Self.resource, &limit)
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}
