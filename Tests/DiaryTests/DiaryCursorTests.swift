import Diary
import Foundation
import Testing

/// A cursor's token reads back to the same position, to the bit; anything else is no cursor.
@Suite("Diary cursors")
struct DiaryCursorTests {
    @Test(arguments: [700_000_000.123456, 0, -1e9, 1.0 / 3.0, 8e10])
    func aTokenReadsBackToTheSamePosition(seconds: Double) {
        let cursor = DiaryCursor(date: Date(timeIntervalSinceReferenceDate: seconds), id: UUID())
        #expect(DiaryCursor(token: cursor.token) == cursor)
        #expect(
            cursor.token.range(
                of: #"^-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?_[0-9a-f]{32}$"#,
                options: .regularExpression) != nil, "\(cursor.token)")
    }

    @Test(arguments: [
        "", "not a token", "0", "12_6f9619ff8b86d011b42d00c04fc964f",
        "12_6f9619ff8b86d011b42d00c04fc964fg", "1e999_6f9619ff8b86d011b42d00c04fc964ff",
        "nan_6f9619ff8b86d011b42d00c04fc964ff", "inf_6f9619ff8b86d011b42d00c04fc964ff",
        "12_6F9619FF8B86D011B42D00C04FC964FF", String(repeating: "1", count: 97),
    ])
    func anythingElseIsNoCursor(token: String) {
        // Any decimal number of seconds is a position; the rest is refused.
        #expect(DiaryCursor(token: token) == nil)
    }

    @Test(arguments: [
        "0_6f9619ff8b86d011b42d00c04fc964ff", "-12.5e3_6f9619ff8b86d011b42d00c04fc964ff",
    ])
    func anyDecimalNumberOfSecondsIsAPosition(token: String) {
        #expect(DiaryCursor(token: token) != nil)
    }
}
