import Testing

@testable import SurveySyncCore

/// The counts a sync or a verify reports, as a person reads them.
@Suite("Sync reports")
struct SyncReportTests {
    static let counts: [(Int, String)] = [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (3_001, "3,001"),
        (50_000, "50,000"), (999_999, "999,999"), (1_234_567, "1,234,567"), (-1_234, "-1,234"),
    ]

    @Test(arguments: counts)
    func countsHaveTheirThousandsSeparatedByCommas(count: Int, text: String) {
        #expect(SyncReport.number(count) == text)
    }

    @Test func aVerifyOfThousandsSaysHowManyWithCommas() {
        var report = VerifyReport()
        report.identical = 50_000
        report.repaired = 1_250
        #expect(report.summary == "identical 50,000; repaired 1,250")
    }

    /// One number style in every summary: a sync's counts as a verify's.
    @Test func aSyncOfThousandsSaysHowManyWithCommas() {
        var report = SyncReport()
        report.synced = 12_345
        report.unchanged = 1_000
        #expect(report.summary == "synced 12,345, unchanged 1,000, failed 0")
    }
}
