import CVips
import Crypto
import Foundation
import Menu

/// Prepares a dish's photo with libvips: the format told from the bytes, the header's size
/// checked before a pixel is decoded, then every pixel decoded (a damaged or cut-short file is
/// refused) and nothing let follow the image's end, turned upright, shrunk to `DishPhotoLimits`' two sizes on white, and written
/// again as JPEG with no metadata (EXIF, GPS, XMP, IPTC and profiles are dropped).
public struct VipsDishPhotoPreparer: DishPhotoPreparing {
    /// Whether libvips started; it starts once per process.
    private static let started: Bool = casebook_vips_start() == 0

    public init() {}

    /// Whether photos can be made here: libvips 8 (`libvips.so.42`, Debian's libvips42) is
    /// installed and started. Without it every photo is refused; asking loads it.
    public static var isAvailable: Bool { started }

    public func prepare(_ bytes: [UInt8]) throws(DishPhotoError) -> StoredDishPhoto {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= DishPhotoLimits.mostBytes else {
            throw .tooLarge(bytes: bytes.count)
        }
        guard let format = PhotoFormat(sniffing: bytes) else { throw .notAPhoto }
        guard Self.started else { throw .damaged(format: format.name) }
        var width: Int32 = 0
        var height: Int32 = 0
        let read = bytes.withUnsafeBytes { buffer in
            casebook_vips_size(format.rawValue, buffer.baseAddress, buffer.count, &width, &height)
        }
        guard read == 0 else { throw Self.damaged(format) }
        guard width <= DishPhotoLimits.mostSide, height <= DishPhotoLimits.mostSide,
            Int(width) * Int(height) <= DishPhotoLimits.mostPixels
        else { throw .tooManyPixels(width: Int(width), height: Int(height)) }
        let large = try Self.jpeg(of: bytes, side: DishPhotoLimits.largeSide, format: format)
        // Asked of an image that decoded whole, so that one cut short is said to be damaged.
        let trailing = format.trailingBytes(in: bytes)
        guard trailing == 0 else {
            throw .trailingBytes(format: format.name, count: trailing)
        }
        let small = try Self.jpeg(of: large.bytes, side: DishPhotoLimits.smallSide, format: .jpeg)
        return StoredDishPhoto(
            id: SHA256.hash(data: large.bytes).map { String(format: "%02x", $0) }.joined(),
            large: large.bytes, largeWidth: large.width, largeHeight: large.height,
            small: small.bytes, smallWidth: small.width, smallHeight: small.height)
    }

    private static func jpeg(of bytes: [UInt8], side: Int, format: PhotoFormat)
        throws(DishPhotoError) -> (bytes: [UInt8], width: Int, height: Int)
    {
        var output: UnsafeMutableRawPointer?
        var length = 0
        var width: Int32 = 0
        var height: Int32 = 0
        let made = bytes.withUnsafeBytes { buffer in
            casebook_vips_jpeg(
                buffer.baseAddress, buffer.count, Int32(side), 82, &output, &length, &width,
                &height)
        }
        guard made == 0, let output else { throw damaged(format) }
        defer { casebook_vips_free(output) }
        let jpeg = Array(UnsafeRawBufferPointer(start: output, count: length))
        return (jpeg, Int(width), Int(height))
    }

    /// libvips's own words are not shown (they name its internals); its record is cleared.
    private static func damaged(_ format: PhotoFormat) -> DishPhotoError {
        casebook_vips_forget_errors()
        return .damaged(format: format.name)
    }
}
