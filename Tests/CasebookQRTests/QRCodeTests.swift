import CasebookTestSupport
import Foundation
import Testing

@testable import CasebookQR

/// The QR encoder, read back by a real decoder: zbarimg (Debian's zbar-tools) decodes a code
/// of every version, 1 to 40, each filled to the brim, at each level of correction, and gets
/// the bytes that went in.
@Suite("QR codes a real decoder reads")
struct QRCodeTests {
    /// `code` as a binary PGM image, `scale` pixels a module, with its quiet zone.
    static func pgm(_ code: QRCode, scale: Int = 3) -> Data {
        let quiet = 4
        let side = (code.size + 2 * quiet) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for (y, row) in code.modules.enumerated() {
            for (x, dark) in row.enumerated() where dark {
                for dy in 0..<scale {
                    for dx in 0..<scale {
                        pixels[((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx] = 0
                    }
                }
            }
        }
        return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
    }

    /// What zbarimg reads in each image, in order: one line each.
    static func decoded(_ codes: [QRCode]) throws -> [String] {
        let directory = try TemporaryDirectory()
        var paths: [String] = []
        for (index, code) in codes.enumerated() {
            let url = directory.appending("code-\(index).pgm")
            try Self.pgm(code).write(to: url)
            paths.append(url.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"] + paths
        let output = Pipe()
        process.standardOutput = output
        let text = try ProcessLaunch.runToExit(process, readingTextFrom: output)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }

    /// A text of `count` characters, different for each `seed`.
    static func text(_ count: Int, seed: Int) -> String {
        let alphabet = Array(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/:.-_?=&")
        var random = SplitMix64(seed: UInt64(seed))
        return String(
            (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }

    @Test(arguments: QRCode.Correction.allCases)
    func everyVersionFullToTheBrimReadsBack(correction: QRCode.Correction) throws {
        let texts = (1...40).map { version in
            Self.text(QRCode.capacity(version: version, correction), seed: version)
        }
        let codes = try texts.map { try QRCode(text: $0, correction: correction) }
        #expect(codes.map(\.version) == Array(1...40))
        #expect(codes.map(\.size) == (1...40).map { 17 + 4 * $0 })
        #expect(try Self.decoded(codes) == texts)
    }

    @Test func aByteMoreTakesTheNextVersion() throws {
        let capacity = QRCode.capacity(version: 3, .medium)
        #expect(try QRCode(text: Self.text(capacity, seed: 1)).version == 3)
        #expect(try QRCode(text: Self.text(capacity + 1, seed: 1)).version == 4)
    }

    @Test func aMenusAddressReadsBackAndPicksItsMask() throws {
        let url = "https://giuseppes.example/menu"
        let code = try QRCode(text: url)
        #expect(code.version == 3)
        #expect((0..<8).contains(code.mask))
        #expect(try Self.decoded([code]) == [url])
    }

    @Test func tooMuchIsRefusedSayingTheMost() {
        #expect(throws: QRCode.TooLong(bytes: 2332, most: 2331)) {
            try QRCode(bytes: [UInt8](repeating: 65, count: 2332), correction: .medium)
        }
    }

    @Test func theSVGIsTheModulesWithTheirQuietZone() throws {
        let code = try QRCode(text: "A")
        let svg = code.svg(title: "The menu <online>")
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29""#))
        #expect(svg.contains("<title>The menu &lt;online&gt;</title>"))
        let dark = code.modules.joined().filter { $0 }.count
        let drawn = svg.matches(of: /M(\d+) (\d+)h(\d+)/).reduce(0) { $0 + Int($1.3)! }
        #expect(drawn == dark)
    }
}
