/// Why a spreadsheet (`.xlsx`) is not read: what is wrong, and where.
public struct XLSXError: Error, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A fault of one part of the file (`xl/worksheets/sheet1.xml`).
    init(part: String, _ reason: String) {
        self.init("\(part): \(reason)")
    }

    /// libxml2 is not installed.
    static let unavailable = XLSXError(
        "libxml2 (Debian's libxml2) is not installed, so no spreadsheet can be read")
}
