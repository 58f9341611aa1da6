import Foundation

/// Why an attachment did not open.
public enum AttachmentOpeningError: Error, Equatable, CustomStringConvertible {
    case unableToOpenAttachment

    public var description: String { "nothing on this system could open the attachment" }
}

/// Opens attachments through whichever `URLOpener` it is given.
public struct AttachmentOpener {
    public init() {}

    public func openAttachment(file location: URL, with service: URLOpener) throws {
        guard service.open(location) else { throw AttachmentOpeningError.unableToOpenAttachment }
    }
}
