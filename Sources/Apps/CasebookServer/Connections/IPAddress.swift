#if canImport(Glibc)
    import Glibc
#endif

/// An IPv4 or IPv6 address read from text, kept in one spelling: an IPv4-mapped IPv6 address
/// (`::ffff:10.0.0.5`, an IPv4 client seen through an IPv6 socket) is its IPv4 address.
struct IPAddress: CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    /// The address `text` writes, or nil when it writes none.
    init?(_ text: String) {
        var bytes = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &bytes) == 1 {
            self.bytes = Array(bytes[0..<4])
        } else if inet_pton(AF_INET6, text, &bytes) == 1 {
            let mapped =
                bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            self.bytes = mapped ? Array(bytes[12...]) : bytes
        } else {
            return nil
        }
    }

    /// IPv4 dotted; IPv6 as `inet_ntop` writes it.
    var description: String {
        guard bytes.count == 16 else { return bytes.map(String.init).joined(separator: ".") }
        var written = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        inet_ntop(AF_INET6, bytes, &written, socklen_t(written.count))
        return String(cString: written)
    }

    /// What one machine is given: an IPv4 address itself, an IPv6 address's /64 network
    /// (`2001:db8:0:0::/64`).
    var machine: String {
        guard bytes.count == 16 else { return description }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}
