import Testing

@testable import SurveySyncCore

/// A verify's lines name at most a number of respondents of each kind, then say how many more
/// there are; the summary counts them all.
@Suite("A verify's report as lines")
struct VerifyReportTests {
    static func report(missing: Int, onlyOnBackend: Int) -> VerifyReport {
        var report = VerifyReport()
        report.differences =
            (0..<missing).map {
                .init(kind: .missing, id: "m\($0)", file: "m\($0).yaml")
            }
            + (0..<onlyOnBackend).map { .init(kind: .onlyOnBackend, id: "b\($0)", file: nil) }
        return report
    }

    @Test func namesAtMostTheFirstOfEachKindThenCountsTheRest() {
        let lines = Self.report(missing: 23, onlyOnBackend: 2).lines(atMostPerKind: 20)
        #expect(lines.count == 20 + 1 + 2)
        #expect(lines[0] == "missing m0 (m0.yaml)")
        #expect(lines[19] == "missing m19 (m19.yaml)")
        #expect(lines[20] == "… and 3 more missing (--all lists every one)")
        #expect(lines[21...] == ["only on backend b0", "only on backend b1"])
    }

    @Test func withoutALimitNamesEveryOne() {
        let lines = Self.report(missing: 23, onlyOnBackend: 0).lines(atMostPerKind: nil)
        #expect(lines.count == 23)
        #expect(lines.last == "missing m22 (m22.yaml)")
    }
}
