/// The router serves a route that `RouteTable` does not list, or the table lists one nobody
/// serves: a mistake in the server's code, refused at start rather than served unchecked.
struct RouteTableMismatch: Error, CustomStringConvertible {
    let unlisted: [String]
    let unserved: [String]

    var description: String {
        "the routes and RouteTable disagree: served but not listed \(unlisted), "
            + "listed but not served \(unserved)"
    }
}
