/// The host names the server answers for: the loopback names, and those the operator adds
/// (`--allowed-host`). A request whose `Host` names anything else is refused, so that a site
/// whose name was pointed at this machine (DNS rebinding) cannot reach it through a browser.
struct AllowedHosts: Sendable {
    static let loopback = ["127.0.0.1", "localhost", "[::1]"]

    private let names: Set<String>

    /// - Parameter extra: names beyond the loopback ones; an IPv6 address in brackets.
    init(extra: [String]) {
        names = Set((Self.loopback + extra).map { $0.lowercased() })
    }

    /// Whether `authority` (a `Host` header: a name, an IPv4 address or a bracketed IPv6
    /// address, then optionally `:port`) names an allowed host.
    func allows(authority: String?) -> Bool {
        guard let authority, let host = Self.host(ofAuthority: authority) else { return false }
        return names.contains(host.lowercased())
    }

    /// The host part of an authority, or nil when the authority is malformed.
    static func host(ofAuthority authority: String) -> Substring? {
        let host: Substring
        let rest: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            rest = authority[authority.index(after: close)...]
        } else {
            let colon = authority.firstIndex(of: ":") ?? authority.endIndex
            host = authority[..<colon]
            rest = authority[colon...]
        }
        guard !host.isEmpty else { return nil }
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == ":", !port.isEmpty, port.count <= 5,
                port.allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
        }
        return host
    }
}
